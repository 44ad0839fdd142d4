import React from 'react';
import type { HeadFC, PageProps } from 'gatsby';
import { HomePage } from '../components/home/HomePage';
import { Seo } from '../components/seo/Seo';
import { useSiteFacts } from '../lib/use-site-facts';

export default function IndexPage({ location }: PageProps) {
  return <HomePage search={location.search} />;
}

export const Head: HeadFC = () => {
  const { toolCount } = useSiteFacts();
  return (
    <Seo
      title="Stockbench"
      description={`Stockbench is a desktop application for stock and macro research: ${toolCount} tools for Treasury rates, inflation, earnings, seasonality, ETFs and your own portfolio, on Windows and macOS.`}
      pathname="/"
    />
  );
};

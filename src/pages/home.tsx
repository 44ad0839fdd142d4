import React from 'react';
import type { HeadFC, PageProps } from 'gatsby';
import { HomePage } from '../components/home/HomePage';
import { Seo } from '../components/seo/Seo';

// /home is the home page under a second address; its canonical link points at /.
export default function HomeAliasPage({ location }: PageProps) {
  return <HomePage search={location.search} />;
}

export const Head: HeadFC = () => (
  <Seo
    title="Stockbench"
    description="Stockbench is a desktop application for stock and macro research: 46 tools for Treasury rates, inflation, earnings, seasonality, ETFs and your own portfolio, on Windows and macOS."
    pathname="/"
  />
);

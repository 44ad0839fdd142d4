import React, { type ReactNode } from 'react';
import { siteConfig } from '../../config';

interface SeoProps {
  title: string;
  description: string;
  /** The page's path, e.g. /tools; the canonical link and og:url are built from it. */
  pathname: string;
  type?: 'website' | 'article';
  noindex?: boolean;
  children?: ReactNode;
}

/** Everything a page puts in <head>: title, description, canonical link, Open Graph and Twitter tags. */
export function Seo({ title, description, pathname, type = 'website', noindex = false, children }: SeoProps) {
  const fullTitle = title === siteConfig.name ? title : `${title} | ${siteConfig.name}`;
  const path = pathname === '/' ? '/' : pathname.replace(/\/$/, '');
  const url = `${siteConfig.siteUrl}${path}`;
  const image = `${siteConfig.siteUrl}/og-image.png`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" />
      <meta name="theme-color" content="#0b1117" media="(prefers-color-scheme: dark)" />
      <meta name="color-scheme" content="light dark" />
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:site_name" content={siteConfig.name} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      {children}
    </>
  );
}

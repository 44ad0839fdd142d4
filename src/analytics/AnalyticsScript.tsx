import React from 'react';
import { Script } from 'gatsby';
import { siteConfig } from '../config';
import { analyticsEnabled } from './enabled';

/** gtag.js through Gatsby's Script API, after the page is idle (never render-blocking). */
export function AnalyticsScript() {
  if (!analyticsEnabled()) return null;
  return (
    <Script
      id="gtag-js"
      strategy="idle"
      src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(siteConfig.analytics.id)}`}
    />
  );
}

import React, { type ReactNode } from 'react';
import { AnalyticsScript } from '../../analytics/AnalyticsScript';
import { Footer } from './Footer';
import { Header } from './Header';
import './layout.css';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <AnalyticsScript />
    </div>
  );
}

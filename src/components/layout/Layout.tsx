import React, { lazy, Suspense, type ReactNode } from 'react';
import { AnalyticsScript } from '../../analytics/AnalyticsScript';
import { Header } from './Header';
import './layout.css';

// The footer is a chunk of its own: the static HTML has it in full, and React hydrates it once the
// chunk arrives, so its code is not part of the first-visit scripts and nothing moves meanwhile.
const Footer = lazy(() => import('./Footer').then((m) => ({ default: m.Footer })));

export function Layout({ children, pathname }: { children: ReactNode; pathname?: string }) {
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header pathname={pathname} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <AnalyticsScript />
    </div>
  );
}

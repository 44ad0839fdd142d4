import React, { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'gatsby';
import { AnalyticsScript } from '../../analytics/AnalyticsScript';
import { siteConfig } from '../../config';
import { footerLinks, topNavLinks } from './nav-links';

// The account slot is a chunk of its own, loaded after the first-visit scripts (they stay light). Until
// it runs, the slot is the same empty placeholder AccountNav shows before it reads the stored session,
// so nothing shifts or flashes.
const AccountNav = lazy(() => import('../account-nav/AccountNav').then((m) => ({ default: m.AccountNav })));
const accountSlot = <span className="nav__placeholder" aria-hidden="true" />;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <nav className="nav" aria-label="Main">
          <Link className="nav__brand" to="/">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span>{siteConfig.name}</span>
          </Link>
          <ul className="nav__links">
            {topNavLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} activeClassName="is-active">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="nav__account">
            <Suspense fallback={accountSlot}>
              <AccountNav />
            </Suspense>
          </div>
        </nav>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <nav aria-label="Footer">
          <ul className="footer__links">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer__copyright">
          © {siteConfig.copyrightYear} {siteConfig.name}. All rights reserved.
        </p>
      </footer>
      <AnalyticsScript />
    </div>
  );
}

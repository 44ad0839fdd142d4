import React from 'react';
import { Link } from 'gatsby';
import { siteConfig } from '../../config';
import { footerColumns } from './nav-links';

/** The footer: the product in a sentence, then its links in columns (stacked on a phone). */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Link className="brand" to="/">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span>{siteConfig.name}</span>
          </Link>
          <p>Stock and macro research tools for Windows and macOS.</p>
        </div>
        <nav className="site-footer__nav" aria-label="Footer">
          {footerColumns.map((column) => (
            <div key={column.heading} className="site-footer__column">
              <h2 className="site-footer__heading">{column.heading}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <p className="site-footer__copyright">
          © {siteConfig.copyrightYear} {siteConfig.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

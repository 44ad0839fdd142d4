import React from 'react';
import { Link } from 'gatsby';
import { siteConfig } from '../../config';

// The footer's links by column: FAQ, Privacy, Terms, Changelog, Pricing, Contact Us, Download and Blog,
// which every page offers, and the guides. Here, not beside the top navigation, so they load with the footer.
const footerColumns = [
  {
    heading: 'Product',
    links: [
      { to: '/tools', label: 'Tools' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/download', label: 'Download' },
      { to: '/changelog', label: 'Changelog' },
    ],
  },
  {
    heading: 'Learn',
    links: [
      { to: '/quickstart', label: 'Quickstart' },
      { to: '/user-imports', label: 'User Imports' },
      { to: '/blog', label: 'Blog' },
      { to: '/faq', label: 'FAQ' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { to: '/contact-us', label: 'Contact Us' },
      { to: '/privacy', label: 'Privacy' },
      { to: '/terms', label: 'Terms' },
    ],
  },
] as const;

/** The footer: the product in a sentence, then its links in columns (stacked on a phone). */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Link className="brand" to="/">
            {siteConfig.name}
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

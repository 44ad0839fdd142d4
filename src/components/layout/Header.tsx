import React, { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'gatsby';
import { siteConfig } from '../../config';
import { topNavLinks } from './nav-links';

// The account slot is a chunk of its own, loaded after the first-visit scripts (they stay light). Until
// it runs, the slot is the same empty placeholder AccountNav shows before it reads the stored session,
// so nothing shifts or flashes.
const AccountNav = lazy(() => import('../account-nav/AccountNav').then((m) => ({ default: m.AccountNav })));
const accountSlot = <span className="nav__placeholder" aria-hidden="true" />;

/**
 * The header: the brand, the main navigation and the account slot. On a narrow screen the navigation
 * hides behind a menu button (a disclosure: aria-expanded says whether the list below it is shown).
 * Choosing a link closes it, and so does Escape or focus leaving the header (a click elsewhere, Tab
 * past the last link): handlers on the header itself, so the first-visit scripts carry no listeners.
 * `pathname` is the page shown (the layout stays mounted across pages), for the account slot.
 */
export function Header({ pathname }: { pathname?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <header className="site-header">
      <div
        className="container site-header__inner"
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return;
          setOpen(false);
          button.current?.focus();
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
        }}
      >
        <Link className="brand" to="/">
          {siteConfig.name}
        </Link>
        <nav className="site-nav" aria-label="Main">
          <button
            ref={button}
            type="button"
            className="menu-button"
            aria-expanded={open}
            aria-controls="site-nav-links"
            aria-label="Menu"
            onClick={(event) => {
              // Safari does not focus a clicked button; the header must hold focus to notice it leave.
              event.currentTarget.focus();
              setOpen(!open);
            }}
          >
            <span className="menu-button__icon" />
          </button>
          <ul id="site-nav-links" className={`site-nav__links${open ? ' is-open' : ''}`}>
            {topNavLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} onClick={() => setOpen(false)}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="nav__account">
          <Suspense fallback={accountSlot}>
            <AccountNav pathname={pathname} />
          </Suspense>
        </div>
      </div>
    </header>
  );
}

import React, { lazy, Suspense, useEffect, useRef, useState } from 'react';
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
 * hides behind a menu button (a disclosure: aria-expanded says whether the list below it is shown);
 * choosing a link, Escape or a click elsewhere closes it.
 */
export function Header() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <header className="site-header">
      <div className="container site-header__inner" ref={root}>
        <Link className="brand" to="/">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{siteConfig.name}</span>
        </Link>
        <nav className="site-nav" aria-label="Main">
          <button
            ref={button}
            type="button"
            className="menu-button"
            aria-expanded={open}
            aria-controls="site-nav-links"
            onClick={() => setOpen((v) => !v)}
          >
            <span className="menu-button__icon" aria-hidden="true" />
            <span className="visually-hidden">Menu</span>
          </button>
          <ul id="site-nav-links" className={`site-nav__links${open ? ' is-open' : ''}`}>
            {topNavLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} activeClassName="is-active" onClick={() => setOpen(false)}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="nav__account">
          <Suspense fallback={accountSlot}>
            <AccountNav />
          </Suspense>
        </div>
      </div>
    </header>
  );
}

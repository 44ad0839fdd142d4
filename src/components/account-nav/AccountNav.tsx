import React, { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, navigate } from 'gatsby';
import {
  readStoredSession,
  subscribeStoredSession,
  type StoredSessionState,
} from '../../auth/stored-session';

const serverSnapshot = (): StoredSessionState | 'unknown' => 'unknown';

/**
 * The account slot of the top navigation: the Account menu (Profile, Licenses, Sign Out) when signed
 * in, a Sign In link when signed out. The state comes from Amplify's localStorage keys, read after
 * hydration (the static HTML and the first render hold an empty slot of the same size, so neither
 * state flashes). Amplify itself loads only when Sign Out is clicked. On the sign-in page the slot
 * stays empty: a link to the page the visitor is on leads nowhere.
 */
export function AccountNav({ pathname = '' }: { pathname?: string }) {
  const state = useSyncExternalStore(subscribeStoredSession, () => readStoredSession(), serverSnapshot);
  const onSignIn = pathname.replace(/\/+$/, '') === '/sign-in';
  if (state === 'unknown' || (state === 'signedOut' && onSignIn)) {
    return <span className="nav__placeholder" aria-hidden="true" />;
  }
  if (state === 'signedOut') {
    return (
      <Link className="nav__signin" to="/sign-in">
        Sign In
      </Link>
    );
  }
  return <AccountMenu />;
}

function AccountMenu() {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const signOut = async () => {
    setSigningOut(true);
    try {
      const { signOutUser } = await import('../../auth/sign-out');
      await signOutUser();
    } finally {
      setSigningOut(false);
      setOpen(false);
    }
    await navigate('/sign-in');
  };

  return (
    <div className="account-menu" ref={root}>
      <button
        type="button"
        className="account-menu__toggle"
        aria-expanded={open}
        aria-controls="account-menu-list"
        onClick={() => setOpen((v) => !v)}
      >
        Account
      </button>
      {open && (
        <ul className="account-menu__list" id="account-menu-list">
          <li>
            <Link to="/profile" onClick={() => setOpen(false)}>
              Profile
            </Link>
          </li>
          <li>
            <Link to="/licenses" onClick={() => setOpen(false)}>
              Licenses
            </Link>
          </li>
          <li>
            <button type="button" onClick={() => void signOut()} disabled={signingOut}>
              Sign Out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

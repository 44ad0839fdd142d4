import React, { useEffect, type ReactNode } from 'react';
import { navigate } from 'gatsby';
import { withNote } from '../account/shared/RedirectNote';
import { Spinner } from '../account/shared/Spinner';
import type { SessionUser } from './session';
import { useAuth } from './AuthContext';

/** Where a signed-out visitor goes: /sign-in, with the page to come back to. */
function signInPathFor(location: Pick<Location, 'pathname' | 'search'>): string {
  return `/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * Guard of the account pages: a signed-out visitor goes to /sign-in and comes back after signing
 * in; a signed-in user whose email is not verified goes to /sign-in.
 */
export function RequireAuth({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { state } = useAuth();
  const verified = state.status === 'signedIn' && state.user.emailVerified;

  useEffect(() => {
    if (state.status === 'signedOut')
      void navigate(withNote(signInPathFor(window.location), 'signInFirst'), { replace: true });
    else if (state.status === 'signedIn' && !state.user.emailVerified)
      // Told why, and brought back here once verified and signed in.
      void navigate(withNote(signInPathFor(window.location), 'verifyFirst'), { replace: true });
  }, [state]);

  if (state.status !== 'signedIn' || !verified) return <Spinner />;
  return <>{children(state.user)}</>;
}

import React, { type ReactNode } from 'react';
import { AuthProvider } from '../../auth/AuthContext';
import { RequireAuth } from '../../auth/RequireAuth';
import type { SessionUser } from '../../auth/session';
import { useHydrated } from '../../lib/use-hydrated';
import { RedirectNote } from './RedirectNote';
import { Spinner } from './Spinner';

interface AccountPageProps {
  title: string;
  children: ReactNode | ((user: SessionUser) => ReactNode);
  /** Protected pages render only for a signed-in user with a verified email. */
  guarded?: boolean;
}

/**
 * An account page: the heading is static HTML, the body renders on the client only (a spinner until
 * hydrated), inside the session provider and, for protected pages, the guard.
 */
export function AccountPage({ title, children, guarded = false }: AccountPageProps) {
  const hydrated = useHydrated();
  let body: ReactNode = <Spinner />;
  if (hydrated) {
    body =
      guarded && typeof children === 'function' ? (
        <RequireAuth>{children}</RequireAuth>
      ) : typeof children === 'function' ? null : (
        children
      );
  }
  return (
    <article className="page account">
      <h1>{title}</h1>
      {hydrated && <RedirectNote />}
      <AuthProvider>{body}</AuthProvider>
    </article>
  );
}

import React, { type ReactNode } from 'react';
import { AuthProvider } from '../../auth/AuthContext';
import { RequireAuth } from '../../auth/RequireAuth';
import type { SessionUser } from '../../auth/session';
import { useHydrated } from '../../lib/use-hydrated';
import { PasskeyRemovalGate } from './PasskeyRemovalGate';
import { RedirectNote } from './RedirectNote';
import { Spinner } from './Spinner';
import './account.css';

interface AccountPageProps {
  title: string;
  children: ReactNode | ((user: SessionUser) => ReactNode);
  /** Protected pages render only for a signed-in user with a verified email. */
  guarded?: boolean;
  /**
   * column (default): a column of cards (profile); card: the page is one small card (sign-in, the
   * mailed links); wide: cards and tables across the page's width (licenses, checkout).
   */
  layout?: 'column' | 'card' | 'wide';
  /** Shown beside the page on a desk (the product, beside sign-in and sign-up); static HTML. */
  aside?: ReactNode;
}

/**
 * An account page: the heading is static HTML, the body renders on the client only (a spinner until
 * hydrated), inside the session provider and, for protected pages, the guard.
 */
export function AccountPage({
  title,
  children,
  guarded = false,
  layout = 'column',
  aside,
}: AccountPageProps) {
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
  const page = (
    <article className={`page account account--${layout}`}>
      <h1>{title}</h1>
      {hydrated && <RedirectNote />}
      <AuthProvider>
        <PasskeyRemovalGate>{body}</PasskeyRemovalGate>
      </AuthProvider>
    </article>
  );
  if (!aside) return page;
  return (
    <div className="account-split">
      {page}
      <aside className="account-split__aside">{aside}</aside>
    </div>
  );
}

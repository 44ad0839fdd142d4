import React from 'react';
import { useHydrated } from '../../lib/use-hydrated';

// Messages the home page shows after an account action redirects to /?action=...
const actionMessages: Record<string, string> = {
  emailVerified: 'Email verified successfully. Please sign in again.',
  accountDeleted: 'Account deleted successfully.',
};

export function ActionMessage({ search }: { search: string }) {
  // The static HTML has no query string: show the message only once hydrated, so markup matches.
  const hydrated = useHydrated();
  const action = new URLSearchParams(search).get('action');
  const message =
    hydrated && action && Object.hasOwn(actionMessages, action) ? actionMessages[action] : undefined;
  if (!message) return null;
  return (
    <p className="message message--success" role="status">
      {message}
    </p>
  );
}

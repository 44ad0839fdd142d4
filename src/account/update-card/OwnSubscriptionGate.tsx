import React, { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'gatsby';
import { getSubscriptions } from '../../api-client/client';
import type { Subscription } from '../../api-client/types';
import { authErrorMessage } from '../../auth/errors';
import { FormMessage } from '../shared/FormMessage';
import { Spinner } from '../shared/Spinner';

/** Statuses after which a subscription has no card to change (the BFF answers SUBSCRIPTION_ENDED). */
const ENDED = ['canceled', 'incomplete_expired'];

type Check =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'read'; own?: Subscription };

const back = (
  <p>
    <Link to="/licenses">Back to your licenses</Link>
  </p>
);

/**
 * Renders its children (the card form) only for the signed-in user's own, live subscription: a `sid`
 * of another account, a mistyped one or an ended one is refused before any card is asked for, with a
 * way back. The BFF refuses the same (403) whatever the page shows; this spares the user a form that
 * cannot succeed.
 */
export function OwnSubscriptionGate({
  uid,
  sid,
  children,
}: {
  uid: string;
  sid: string;
  children: ReactNode;
}) {
  const [check, setCheck] = useState<Check>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    getSubscriptions(uid).then(
      (answer) => {
        if (live) setCheck({ state: 'read', own: answer.subscriptions.find((s) => s.id === sid) });
      },
      (err: unknown) => {
        if (live) setCheck({ state: 'failed', message: authErrorMessage(err, 'billing') });
      },
    );
    return () => {
      live = false;
    };
  }, [uid, sid]);

  if (check.state === 'loading') return <Spinner label="Loading your subscription…" />;
  if (check.state === 'failed') {
    return (
      <>
        <FormMessage kind="error">{check.message}</FormMessage>
        {back}
      </>
    );
  }
  if (!check.own) {
    return (
      <>
        <FormMessage kind="error">
          This link is not for a subscription of your account, so its card cannot be changed here. Open Update
          Card from your Licenses page.
        </FormMessage>
        {back}
      </>
    );
  }
  if (ENDED.includes(check.own.status)) {
    return (
      <>
        <FormMessage kind="error">
          This subscription has ended, so it has no card to update. Buy licenses on your Licenses page to
          start a new one.
        </FormMessage>
        {back}
      </>
    );
  }
  return <>{children}</>;
}

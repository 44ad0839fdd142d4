import React from 'react';
import { Link } from 'gatsby';

/**
 * What deleting the account does to money and licenses, said before the user types DELETE: the
 * subscription ends now without a refund of the days paid for (delete-customer cancels it at once), so
 * a refund under the guarantee is asked for first, and receipts are saved first.
 */
export function DeletionConsequences() {
  return (
    <>
      <p>Deleting your account cannot be undone. It:</p>
      <ul>
        <li>
          ends your subscription at once: every license you pay for stops working now, on every computer and
          for the people you assigned licenses to, and nothing more is charged;
        </li>
        <li>
          does not refund the days you have already paid for. If your subscription qualifies for our
          satisfaction guarantee, <Link to="/licenses">ask for the refund on the Licenses page</Link> first;
        </li>
        <li>
          removes your billing history from this site. Save any receipts you need from the{' '}
          <Link to="/licenses#billing-history">Billing History</Link> first; our payment records are kept as
          tax law requires;
        </li>
        <li>deletes your account and your license records. We email you to confirm.</li>
      </ul>
    </>
  );
}

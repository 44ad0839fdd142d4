import { checkoutInfo as endpoint } from './contract';
import { createHash, timingSafeEqual } from 'node:crypto';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { forbidden, ok, apiHandler } from '../../lib/http';
import { getAccount } from '../../lib/repository/accounts';
import { parseJsonBody } from '../../lib/request';
import { clientSecretOf, licenseItem, retrieveSubscription } from '../../lib/stripe';

// POST /api/checkout-info {sec}: what the checkout page shows before it offers the card form. The
// client secret in the page's link (`/checkout?sec&count`) is checked against the first-payment
// secret of the caller's own current subscription, and the amount comes from Stripe, never from the
// link, so a link carrying someone else's secret cannot be paid by mistake. Anything that is not the
// caller's current subscription's secret while its first payment is awaited answers the same 403,
// revealing nothing about it.
// The secret travels in the body (not the query string) so it stays out of CDN and API access logs.

const NOT_YOURS = "This checkout link is not the signed-in user's.";

/** Constant-time equality of two secrets (hashed first, so their lengths do not matter either). */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const { sec } = parseJsonBody(event, endpoint.body);

  const account = await getAccount(caller.sub);
  if (!account?.subscriptionId) throw forbidden(NOT_YOURS);
  const sub = await retrieveSubscription(account.subscriptionId);
  const expected = clientSecretOf(sub);
  // Only a first payment still awaited is a checkout: a paid or ended subscription is refused by its
  // status, not by whether its latest invoice still carries a secret (Stripe does not promise it drops it).
  if (sub.status !== 'incomplete' || !expected || !sameSecret(sec, expected)) throw forbidden(NOT_YOURS);

  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  return ok(endpoint, {
    subscriptionId: sub.id,
    count: licenseItem(sub).quantity ?? 0,
    amountDue: invoice?.amount_due ?? null,
    currency: invoice?.currency ?? null,
    status: sub.status,
  });
});

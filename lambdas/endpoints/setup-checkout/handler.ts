import { randomUUID } from 'node:crypto';
import { normalizeEmail } from '../../../src/lib/email-address';
import { setupCheckout as endpoint } from './contract';
import { assertSelf, getCaller, type ApiEvent } from '../../lib/auth';
import { conflict, forbidden, ok, apiHandler } from '../../lib/http';
import { saveCustomer, saveSubscription, getAccount } from '../../lib/repository/accounts';
import { parseJsonBody } from '../../lib/request';
import {
  cancelAbandonedCheckout,
  clientSecretOf,
  createCustomer,
  createIncompleteSubscription,
  findCustomerOf,
  licenseItem,
  pendingCheckoutsOf,
  retrieveSubscription,
  snapshotOf,
  type Stripe,
} from '../../lib/stripe';
import { LIVE_STATUSES } from '../../lib/subscription-status';
import { runUserAction } from '../../money/user-action';
import { takeCheckoutAllowance } from '../../lib/checkout-limit';

// POST /api/setup-checkout {uid, email, count}: a subscription awaiting its first card payment, and
// the client secret (sec) the checkout page confirms. A pending checkout for the same count is
// reused; a live subscription, even one set to end at period end, is refused (the customer adds
// licenses to it or keeps it renewing instead).

function answer(sub: Stripe.Subscription, customerId: string, count: number) {
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  // Stripe gives every default_incomplete subscription of a priced item a first payment to confirm;
  // without one there is nothing the checkout page could pay, so that is a bug to log, not an answer.
  const sec = clientSecretOf(sub);
  if (!sec) throw new Error(`Subscription ${sub.id} has no first payment to confirm`);
  return ok(endpoint, {
    sec,
    subscriptionId: sub.id,
    customerId,
    count,
    status: sub.status,
    amountDue: invoice?.amount_due,
    currency: invoice?.currency,
  });
}

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const { uid, email, count } = parseJsonBody(event, endpoint.body);
  assertSelf(caller, uid);
  if (caller.email && normalizeEmail(caller.email) !== email) {
    throw forbidden("The email is not the signed-in user's.");
  }

  // Under the account's lease: two tabs checking out at once take turns, so the second finds the
  // first's subscription (reused for the same count, cancelled for another) and the account never has
  // two subscriptions awaiting payment.
  return runUserAction(
    event,
    uid,
    { route: 'setup-checkout', input: { uid, email, count } },
    async (action) => {
      const account = await getAccount(uid);
      const current = account?.subscriptionId
        ? await retrieveSubscription(account.subscriptionId)
        : undefined;
      if (current) {
        // One set to end at period end is still in force (its licenses, its refund, Keep Renewing): a
        // new checkout would take the account's pointer from it, so buying waits until it has ended.
        if (LIVE_STATUSES.includes(current.status)) {
          throw conflict(
            'SUBSCRIPTION_EXISTS',
            current.cancel_at_period_end
              ? 'You already have a subscription, set to end at the end of its period. Choose Keep Renewing to keep it and add licenses to it, or buy again once it has ended.'
              : 'You already have a subscription. Add licenses to it instead.',
          );
        }
        if (
          current.status === 'incomplete' &&
          licenseItem(current).quantity === count &&
          clientSecretOf(current)
        ) {
          return answer(current, account?.customerId ?? String(current.customer), count);
        }
      }

      const attempt = action.attempt ?? randomUUID();
      // From here a new checkout may be created: counted first, so one over the limit changes nothing
      // (the pending checkout stays payable). Once per Idempotency-Key: a resumed run is not counted again.
      await takeCheckoutAllowance(uid, action.key ?? attempt);
      let replaces: string | undefined;
      if (current) {
        // An abandoned checkout for another count: end it so it can never be paid by mistake.
        if (current.status === 'incomplete') await cancelAbandonedCheckout(current.id);
        replaces = current.id;
      }

      // An earlier run of a checkout may have failed after Stripe acted (its answer lost, or a 500 that
      // Stripe keeps under the request's key): what it created is found and used, never made twice.
      const found = account?.customerId ? undefined : await findCustomerOf(uid, email);
      const customerId =
        account?.customerId ??
        (await saveCustomer(uid, found ?? (await createCustomer(uid, email, attempt)), email));
      const pending =
        account?.customerId || found
          ? (await pendingCheckoutsOf(customerId, uid)).filter((s) => s.id !== replaces)
          : [];
      const reused = pending.find((s) => licenseItem(s).quantity === count && clientSecretOf(s));
      // One checkout awaiting payment per account: any other is ended so it can never be paid.
      for (const s of pending) if (s !== reused) await cancelAbandonedCheckout(s.id);
      const sub = reused ?? (await createIncompleteSubscription({ uid, customerId, count, attempt }));
      // Created in the same second as the one it replaces, it still takes the account's pointer.
      await saveSubscription(uid, customerId, snapshotOf(sub), replaces);
      return answer(sub, customerId, count);
    },
  );
});

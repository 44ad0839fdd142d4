import { BILLING_EMAIL_FIELD } from './billing-details';
import { callStripe, isMissing } from './client';

// The Stripe customer of an account: created once (an interrupted run's is found again), its email
// kept in step with the account's, deleted with the account.

/**
 * Creates the user's Stripe customer. `attempt` is the run's own id (lambdas/money/DESIGN.md): Stripe
 * replays a stored 500 to every retry with the same key, so a fixed key could block a user for a day.
 * A customer an interrupted earlier run created is found with findCustomerOf first.
 */
export async function createCustomer(
  uid: string,
  email: string | undefined,
  attempt: string,
): Promise<string> {
  const customer = await callStripe((stripe) =>
    stripe.customers.create({ email, metadata: { uid } }, { idempotencyKey: `customer:${uid}:${attempt}` }),
  );
  return customer.id;
}

/**
 * The customer an earlier run created for `uid` but could not record (it failed after Stripe acted).
 * Listed by email, not searched: Stripe's list reads its own writes, its search lags.
 */
export async function findCustomerOf(uid: string, email: string | undefined): Promise<string | undefined> {
  if (!email) return undefined;
  const customers = await callStripe((stripe) => stripe.customers.list({ email, limit: 100 }));
  return customers.data.find((c) => c.metadata?.uid === uid)?.id;
}

/**
 * Keeps the customer's email the account's, unless the buyer chose a billing email for invoices
 * (billing-details.ts), which stays.
 */
export async function updateCustomerEmail(customerId: string, email: string): Promise<void> {
  await callStripe(async (stripe) => {
    const customer = await stripe.customers.retrieve(customerId);
    if (!customer.deleted && customer.metadata[BILLING_EMAIL_FIELD]) return;
    await stripe.customers.update(customerId, { email });
  });
}

/** Deletes the customer (Stripe cancels their subscriptions); an already deleted one is fine. */
export async function deleteCustomer(customerId: string): Promise<boolean> {
  return callStripe(async (stripe) => {
    try {
      await stripe.customers.del(customerId);
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  });
}

import type { Caller } from './auth';
import { NotCallersError } from './errors';
import { getAccount, type Account } from './repository/accounts';
import { attachPaymentMethod, type Stripe } from './stripe';

// Checks that ids a client sends belong to the caller, from our own records: the caller's account
// names exactly one customer and one current subscription.

export async function requireOwnAccount(
  caller: Caller,
  ids: { customerId?: string; subscriptionId?: string },
): Promise<Account & { customerId: string; subscriptionId: string }> {
  const account = await getAccount(caller.sub);
  if (!account?.customerId || !account.subscriptionId)
    throw new NotCallersError('The caller has no such subscription.');
  if (ids.customerId !== undefined && ids.customerId !== account.customerId) {
    throw new NotCallersError("The customer is not the signed-in user's.");
  }
  if (ids.subscriptionId !== undefined && ids.subscriptionId !== account.subscriptionId) {
    throw new NotCallersError("The subscription is not the signed-in user's.");
  }
  return account as Account & { customerId: string; subscriptionId: string };
}

/** The caller's account, which must hold `customerId` (a subscription is not needed). */
export async function requireOwnCustomer(
  caller: Caller,
  customerId: string,
): Promise<Account & { customerId: string }> {
  const account = await getAccount(caller.sub);
  if (!account?.customerId || account.customerId !== customerId) {
    throw new NotCallersError("The customer is not the signed-in user's.");
  }
  return account as Account & { customerId: string };
}

/**
 * The caller's current subscription id, or undefined when the account has none yet (reads that answer
 * an empty list then). A subscription id the client names must be that one.
 */
export async function ownSubscriptionId(
  caller: Caller,
  subscriptionId?: string,
): Promise<string | undefined> {
  const account = await getAccount(caller.sub);
  if (subscriptionId !== undefined && subscriptionId !== account?.subscriptionId) {
    throw new NotCallersError("The subscription is not the signed-in user's.");
  }
  return account?.subscriptionId;
}

/** A card the client names may be unattached (just entered) or the caller's own, never another customer's. */
export function requireOwnCard(pm: Stripe.PaymentMethod, customerId: string): void {
  const owner = typeof pm.customer === 'string' ? pm.customer : pm.customer?.id;
  if (owner && owner !== customerId)
    throw new NotCallersError("The payment method is not the signed-in user's.");
}

/**
 * The id of the card as the caller's customer holds it: attached first when it is not yet. Attaching
 * can answer another payment method than the one named (Stripe's test cards, pm_card_visa and the
 * like, attach as a new PaymentMethod), so later calls use the id the attach answered.
 */
export async function ownCardId(pm: Stripe.PaymentMethod, customerId: string): Promise<string> {
  requireOwnCard(pm, customerId);
  return pm.customer ? pm.id : (await attachPaymentMethod(pm.id, customerId)).id;
}

import type { Caller } from './auth';
import { forbidden } from './http';
import { getAccount, type Account } from './repository/accounts';

// Checks that ids a client sends belong to the caller, from our own records: the caller's account
// names exactly one customer and one current subscription.

export async function requireOwnAccount(
  caller: Caller,
  ids: { customerId?: string; subscriptionId?: string },
): Promise<Account & { customerId: string; subscriptionId: string }> {
  const account = await getAccount(caller.sub);
  if (!account?.customerId || !account.subscriptionId)
    throw forbidden('The caller has no such subscription.');
  if (ids.customerId !== undefined && ids.customerId !== account.customerId) {
    throw forbidden("The customer is not the signed-in user's.");
  }
  if (ids.subscriptionId !== undefined && ids.subscriptionId !== account.subscriptionId) {
    throw forbidden("The subscription is not the signed-in user's.");
  }
  return account as Account & { customerId: string; subscriptionId: string };
}

import type { HandlerPermissions } from '../../lib/permissions';

// The satisfaction guarantee: the cached subscription, the licenses of earlier subscriptions (their
// last validation), the refund record and the household claims, with the payments and cards from
// Stripe.
export const grants: HandlerPermissions = { table: ['GetItem', 'Query'], secrets: ['stripe'] };

import type { HandlerPermissions } from '../../lib/permissions';

// The checkout page's check of its link: the caller's account, then its subscription in Stripe.
export const grants: HandlerPermissions = { table: ['GetItem'], secrets: ['stripe'] };

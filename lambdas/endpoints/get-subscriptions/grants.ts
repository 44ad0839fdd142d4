import type { HandlerPermissions } from '../../lib/permissions';

// The cached snapshot and the slots; a checkout still awaiting its first payment re-reads the
// subscription from Stripe (its client secret) and stores the fresh snapshot (saveSubscription), or
// gives the pointer back to a live subscription it hides and ends the checkout.
export const grants: HandlerPermissions = { table: ['GetItem', 'Query', 'UpdateItem'], secrets: ['stripe'] };

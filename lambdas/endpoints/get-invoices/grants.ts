import type { HandlerPermissions } from '../../lib/permissions';

// Own account lookup, then the subscription's invoices from Stripe.
export const grants: HandlerPermissions = { table: ['GetItem'], secrets: ['stripe'] };

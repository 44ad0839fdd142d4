import type { HandlerPermissions } from '../../lib/permissions';

// Own account lookup, then the subscription's invoices from Stripe (as get-invoices).
export const grants: HandlerPermissions = { table: ['GetItem'], secrets: ['stripe'] };

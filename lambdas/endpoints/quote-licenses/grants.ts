import type { HandlerPermissions } from '../../lib/permissions';

// Own account lookup, then a Stripe invoice preview.
export const grants: HandlerPermissions = { table: ['GetItem'], secrets: ['stripe'] };

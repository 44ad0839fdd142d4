import type { HandlerPermissions } from '../../lib/permissions';

// Customer and incomplete subscription in Stripe, both recorded on the account.
export const grants: HandlerPermissions = { table: ['GetItem', 'UpdateItem'], secrets: ['stripe'] };

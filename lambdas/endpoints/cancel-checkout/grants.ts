import type { HandlerPermissions } from '../../lib/permissions';

// Cancels the incomplete subscription in Stripe (refunds it if it was paid meanwhile); records it ended.
export const grants: HandlerPermissions = { table: ['GetItem', 'UpdateItem'], secrets: ['stripe'] };

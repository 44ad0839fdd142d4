import type { HandlerPermissions } from '../../lib/permissions';

// getAccount + listSlots only.
export const grants: HandlerPermissions = { table: ['GetItem', 'Query'] };

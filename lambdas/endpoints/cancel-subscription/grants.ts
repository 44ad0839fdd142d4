import type { HandlerPermissions } from '../../lib/permissions';

// Every renewing license stops renewing (as remove-licenses does for chosen ones). Never creates a slot.
export const grants: HandlerPermissions = { table: ['GetItem', 'Query', 'UpdateItem'], secrets: ['stripe'] };

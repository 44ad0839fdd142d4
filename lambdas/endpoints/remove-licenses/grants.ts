import type { HandlerPermissions } from '../../lib/permissions';

// Lowers the renewing quantity and dates slots: never creates one.
export const grants: HandlerPermissions = { table: ['GetItem', 'Query', 'UpdateItem'], secrets: ['stripe'] };

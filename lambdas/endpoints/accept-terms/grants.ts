import type { HandlerPermissions } from '../../lib/permissions';

// The version of the terms a buyer accepts at checkout: the caller's account, one conditional write.
export const grants: HandlerPermissions = { table: ['GetItem', 'UpdateItem'] };

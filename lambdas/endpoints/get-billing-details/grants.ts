import type { HandlerPermissions } from '../../lib/permissions';

// Reads the company details kept on the account item.
export const grants: HandlerPermissions = { table: ['GetItem'] };

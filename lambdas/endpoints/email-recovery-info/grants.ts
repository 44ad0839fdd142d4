import type { HandlerPermissions } from '../../lib/permissions';

// Recovery page: reads the one-time code (nothing else decides whether it still works).
export const grants: HandlerPermissions = { table: ['GetItem'] };

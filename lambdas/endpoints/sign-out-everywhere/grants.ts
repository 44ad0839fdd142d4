import type { HandlerPermissions } from '../../lib/permissions';

// Cognito's global sign-out, then the "tokens valid after" time (every jwt handler reads it: GetItem).
export const grants: HandlerPermissions = {
  table: ['GetItem', 'UpdateItem'],
  cognito: ['AdminUserGlobalSignOut'],
};

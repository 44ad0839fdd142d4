import type { HandlerPermissions } from '../../lib/permissions';

// The one-time code (GetItem, UpdateItem to spend it), Cognito's global sign-out, and the "tokens
// valid after" time (UpdateItem).
export const grants: HandlerPermissions = {
  table: ['GetItem', 'UpdateItem'],
  cognito: ['AdminUserGlobalSignOut'],
};

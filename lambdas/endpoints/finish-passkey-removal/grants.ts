import type { HandlerPermissions } from '../../lib/permissions';

// The "tokens valid after" time and the pending request (GetItem), the request cleared under its
// condition (DeleteItem). Cognito's GetUser, ListWebAuthnCredentials and DeleteWebAuthnCredential are
// authorized by the owner's access token, not by IAM: no Cognito grant.
export const grants: HandlerPermissions = {
  table: ['GetItem', 'DeleteItem'],
};

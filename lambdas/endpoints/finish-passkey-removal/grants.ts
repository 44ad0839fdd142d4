import type { HandlerPermissions } from '../../lib/permissions';

// The SESSIONS item: the "tokens valid after" time and the pending request (GetItem), the request
// cleared from it under its condition (UpdateItem). Cognito's GetUser, ListWebAuthnCredentials and DeleteWebAuthnCredential are
// authorized by the owner's access token, not by IAM: no Cognito grant.
export const grants: HandlerPermissions = {
  table: ['GetItem', 'UpdateItem'],
};

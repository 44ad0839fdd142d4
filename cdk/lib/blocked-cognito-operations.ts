// The Cognito operations the user pool refuses to everyone, because the product does what they do
// through its own API. DeleteUser deletes a user with their access token alone; deleting an account goes
// through POST /api/delete-customer instead (the password checked, the subscription cancelled, the
// licenses given to others ended, then the Cognito user deleted with AdminDeleteUser). The one list the
// user pool's web ACL blocks (user-pool-web-acl.ts) and the local Cognito proxy refuses (dev/cognito/proxy.ts).
export const BLOCKED_COGNITO_OPERATIONS = ['DeleteUser'] as const;

/** What Cognito answers a request its web ACL blocked: 403 ForbiddenException. */
export const WAF_BLOCK = {
  status: 403,
  type: 'ForbiddenException',
  message: 'Request not allowed due to WAF block.',
} as const;

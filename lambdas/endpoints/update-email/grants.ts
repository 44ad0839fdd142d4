import type { HandlerPermissions } from '../../lib/permissions';

// Email change: password check (public InitiateAuth), address not taken (ListUsers), Cognito email
// update and sign-out, RECOVER# records, account email, Stripe customer email, mail to the old address.
export const grants: HandlerPermissions = {
  table: ['GetItem', 'PutItem', 'UpdateItem'],
  cognito: ['ListUsers', 'AdminUpdateUserAttributes', 'AdminUserGlobalSignOut'],
  secrets: ['stripe'],
  mail: true,
};

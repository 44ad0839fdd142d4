import type { HandlerPermissions } from '../../lib/permissions';

// Checks the code as the page does; under the account's lease (UpdateItem), voids the user's later
// codes (Query of their pointers, GetItem, UpdateItem); restores the old email in Cognito, voids the
// password (AdminResetUserPassword), signs out everywhere; the account record and Stripe; marks the
// code used.
export const grants: HandlerPermissions = {
  table: ['GetItem', 'Query', 'UpdateItem'],
  cognito: [
    'AdminUpdateUserAttributes',
    'AdminResetUserPassword',
    'AdminSetUserMFAPreference',
    'AdminUserGlobalSignOut',
  ],
  secrets: ['stripe'],
};

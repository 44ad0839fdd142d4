import type { HandlerPermissions } from '../../lib/permissions';

// Checks the code as the page does; under the account's lease (UpdateItem), voids the user's later
// codes (Query of their pointers, GetItem, UpdateItem); restores the old email in Cognito, voids the
// password (AdminResetUserPassword); records the window it undoes (UpdateItem), reads the two-factor
// state (AdminGetUser, GetItem) and removes an authenticator app set up since the change
// (AdminSetUserMFAPreference); signs out everywhere; the account record and Stripe; marks the code used.
export const grants: HandlerPermissions = {
  table: ['GetItem', 'Query', 'UpdateItem'],
  cognito: [
    'AdminGetUser',
    'AdminUpdateUserAttributes',
    'AdminResetUserPassword',
    'AdminSetUserMFAPreference',
    'AdminUserGlobalSignOut',
  ],
  secrets: ['stripe'],
};

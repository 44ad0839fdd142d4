import type { HandlerPermissions } from '../../lib/permissions';

// Asks Cognito whether the user is still there (AdminGetUser: a retry after the user was deleted has no
// password to check), cancels and deletes in Stripe, tells the people it gave licenses to that those
// end (claiming each notice: UpdateItem; mail), keeps the address as a household of a refund in the
// last year (Query the refunds, UpdateItem the claim) and that the account was deleted (PutItem),
// deletes every record of the user (Query + BatchWriteItem), records that no earlier token is taken
// (UpdateItem on USER#<uid> / SESSIONS), and deletes the Cognito user (AdminDeleteUser).
export const grants: HandlerPermissions = {
  table: ['GetItem', 'Query', 'PutItem', 'BatchWriteItem', 'UpdateItem'],
  secrets: ['stripe'],
  cognito: ['AdminGetUser', 'AdminDeleteUser'],
  mail: true,
};

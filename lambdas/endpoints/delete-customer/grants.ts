import type { HandlerPermissions } from '../../lib/permissions';

// Cancels and deletes in Stripe, then deletes every record of the user (Query + BatchWriteItem) and
// records that no earlier token is taken (UpdateItem on USER#<uid> / SESSIONS).
// Tells the people it gave licenses to that those end (claiming each notice: UpdateItem; mail).
export const grants: HandlerPermissions = {
  table: ['GetItem', 'Query', 'BatchWriteItem', 'UpdateItem'],
  secrets: ['stripe'],
  mail: true,
};

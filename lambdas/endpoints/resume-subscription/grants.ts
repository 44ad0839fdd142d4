import type { HandlerPermissions } from '../../lib/permissions';

// Renews the licenses that were set to end with the period, then undoes the cancellation: never creates
// one. Mails the buyer's confirmation and the people given licenses that now continue.
export const grants: HandlerPermissions = {
  table: ['GetItem', 'Query', 'UpdateItem'],
  secrets: ['stripe'],
  mail: true,
};

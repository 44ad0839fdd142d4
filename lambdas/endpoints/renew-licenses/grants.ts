import type { HandlerPermissions } from '../../lib/permissions';

// Keeps chosen licenses renewing that were set to end with the paid period: the account and its
// slots, the user action's record and lease, Stripe. Never creates a slot. Mails the buyer's
// confirmation and the people given those licenses.
export const grants: HandlerPermissions = {
  table: ['GetItem', 'Query', 'UpdateItem'],
  secrets: ['stripe'],
  mail: true,
};

import type { HandlerPermissions } from '../../lib/permissions';

// Attaches the card in Stripe, then syncs the subscription (which may create missing slots).
export const grants: HandlerPermissions = {
  table: ['GetItem', 'Query', 'PutItem', 'UpdateItem'],
  secrets: ['stripe'],
};

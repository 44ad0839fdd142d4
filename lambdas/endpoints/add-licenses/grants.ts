import type { HandlerPermissions } from '../../lib/permissions';

// Stripe calls, then the license slots synced with the subscription (lambdas/money/sync.ts), which
// may create slots (PutItem).
export const grants: HandlerPermissions = {
  table: ['GetItem', 'Query', 'PutItem', 'UpdateItem'],
  secrets: ['stripe'],
};

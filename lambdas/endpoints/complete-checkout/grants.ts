import type { HandlerPermissions } from '../../lib/permissions';

// Payment flows: Stripe calls, then the license slots synced with the subscription (lambdas/money/sync.ts).
export const grants: HandlerPermissions = {
  table: ['GetItem', 'Query', 'PutItem', 'UpdateItem'],
  secrets: ['stripe'],
};

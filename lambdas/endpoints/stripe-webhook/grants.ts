import type { HandlerPermissions } from '../../lib/permissions';
import { CUSTOMER_ID_INDEX } from '../../lib/table';

// Verifies Stripe's signature, dedupes events, finds the user by customer, provisions licenses, and
// tells the people the user gave licenses to when those end.
export const grants: HandlerPermissions = {
  table: ['GetItem', 'Query', 'PutItem', 'UpdateItem'],
  queryIndexes: [CUSTOMER_ID_INDEX],
  secrets: ['stripe'],
  mail: true,
};

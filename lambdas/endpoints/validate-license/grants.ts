import type { HandlerPermissions } from '../../lib/permissions';
import { LICENSE_KEY_INDEX } from '../../lib/table';

// The desktop application's check: finds the license by key, records the machine on the slot (a
// conditional write), signs a statement with the private key.
export const grants: HandlerPermissions = {
  table: ['GetItem', 'UpdateItem'],
  queryIndexes: [LICENSE_KEY_INDEX],
  secrets: ['signingKey'],
};

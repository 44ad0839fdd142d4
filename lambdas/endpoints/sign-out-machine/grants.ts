import type { HandlerPermissions } from '../../lib/permissions';
import { LICENSE_KEY_INDEX } from '../../lib/table';

// Finds the license by key, re-reads the slot, writes its machines; the user action's record and lease.
export const grants: HandlerPermissions = {
  table: ['GetItem', 'UpdateItem'],
  queryIndexes: [LICENSE_KEY_INDEX],
};

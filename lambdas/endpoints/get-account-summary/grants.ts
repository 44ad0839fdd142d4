import type { HandlerPermissions } from '../../lib/permissions';
import { ASSIGNEE_INDEX } from '../../lib/table';

// The caller's account and licenses (GetItem, Query), the licenses given to the caller's address (the
// index), and the account of each one's payer (GetItem).
export const grants: HandlerPermissions = { table: ['GetItem', 'Query'], queryIndexes: [ASSIGNEE_INDEX] };

import type { HandlerPermissions } from '../../lib/permissions';
import { ASSIGNEE_INDEX } from '../../lib/table';

// The machines of the caller's own licenses (listSlots) and of those assigned to them (the index, each re-read).
export const grants: HandlerPermissions = { table: ['GetItem', 'Query'], queryIndexes: [ASSIGNEE_INDEX] };

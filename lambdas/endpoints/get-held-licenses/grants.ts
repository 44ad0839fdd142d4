import type { HandlerPermissions } from '../../lib/permissions';
import { ASSIGNEE_INDEX } from '../../lib/table';

// Licenses assigned to the caller's address (the index), each re-read, and who pays for it.
export const grants: HandlerPermissions = { table: ['GetItem'], queryIndexes: [ASSIGNEE_INDEX] };

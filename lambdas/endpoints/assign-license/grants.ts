import type { HandlerPermissions } from '../../lib/permissions';

// Gives a license to a person: own account and slots, the user action's record,
// the slot's assignee, and the mails to the people concerned (the new holder, an earlier one).
export const grants: HandlerPermissions = { table: ['GetItem', 'Query', 'UpdateItem'], mail: true };

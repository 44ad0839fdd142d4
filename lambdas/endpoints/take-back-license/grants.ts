import type { HandlerPermissions } from '../../lib/permissions';

// Takes a given license back: own account and slots, the user action's record, the slot's assignee,
// and the mail to the person it was given to.
export const grants: HandlerPermissions = { table: ['GetItem', 'Query', 'UpdateItem'], mail: true };

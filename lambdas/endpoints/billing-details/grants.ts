import type { HandlerPermissions } from '../../lib/permissions';

// A company's details on the Stripe customer (its tax IDs listed, created, deleted), kept on the
// account; the user action's record and lease.
export const grants: HandlerPermissions = { table: ['GetItem', 'UpdateItem'], secrets: ['stripe'] };

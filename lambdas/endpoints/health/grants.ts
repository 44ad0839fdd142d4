import type { HandlerPermissions } from '../../lib/permissions';

// Answers from the handler alone: no data, no secret.
export const grants: HandlerPermissions = {};

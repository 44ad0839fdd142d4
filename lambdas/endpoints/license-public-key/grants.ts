import type { HandlerPermissions } from '../../lib/permissions';

// Publishes the public half, derived from the private key; no data access.
export const grants: HandlerPermissions = { secrets: ['signingKey'] };

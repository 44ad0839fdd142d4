import { contract } from '../../contracts/contract';

/** GET /api/health: liveness only. */
export const health = contract<{ status: 'ok' }>()({
  method: 'GET',
  path: '/api/health',
  handler: 'health',
  auth: 'none',
});

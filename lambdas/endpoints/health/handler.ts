import { health as endpoint } from './contract';
import { ok, type Reply } from '../../lib/http';

// Liveness only: no dependency is touched, so a health check never costs a DynamoDB or Stripe call.
export const handler = async (): Promise<Reply<{ status: 'ok' }>> => ok(endpoint, { status: 'ok' });

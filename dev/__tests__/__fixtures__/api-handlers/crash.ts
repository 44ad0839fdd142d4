import { threadId } from 'node:worker_threads';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

// Test handler for dev/__tests__/api-server.test.ts: with ?crash it crashes its runtime (an exception outside
// the invocation, as when a Lambda instance dies) and never answers by itself; otherwise it answers
// the thread it runs in.
export const handler = async (event: APIGatewayProxyEventV2): Promise<{ threadId: number }> => {
  if (event.rawQueryString === 'crash') {
    setImmediate(() => {
      throw new Error('crash');
    });
    return new Promise(() => undefined);
  }
  return { threadId };
};

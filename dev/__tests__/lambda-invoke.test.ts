import path from 'node:path';
import { startLambdaInvoke } from '../lambda-invoke';
import * as held from './__fixtures__/functions/held';

// A stack stops the function server before the tables the functions write to. A function still
// running then (an event Cognito's audit trail sent, say) finishes first: cut off, it would write to a
// closed table or lose its work.

it('lets a running function finish before it stops', async () => {
  const server = await startLambdaInvoke({
    port: 0,
    functions: { held: path.join(__dirname, '__fixtures__', 'functions', 'held.ts') },
    deliver: () => Promise.resolve(),
  });
  const answer = fetch(`${server.url}/2015-03-31/functions/held/invocations`, {
    method: 'POST',
    headers: { 'x-amz-invocation-type': 'Event' },
    body: '{}',
  });
  await held.running;
  let stopped = false;
  const stopping = server.stop().then(() => (stopped = true));
  await Promise.resolve();
  expect(stopped).toBe(false);
  held.finish();
  const res = await answer;
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ finished: true });
  await stopping;
  expect(stopped).toBe(true);
});

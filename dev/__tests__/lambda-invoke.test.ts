import path from 'node:path';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
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
  const lambda = new LambdaClient({
    region: 'us-east-1',
    endpoint: server.url,
    credentials: server.cognitoCredentials,
  });
  const answer = lambda.send(
    new InvokeCommand({
      FunctionName: 'held',
      InvocationType: 'Event',
      Payload: new TextEncoder().encode('{}'),
    }),
  );
  await held.running;
  let stopped = false;
  const stopping = server.stop().then(() => (stopped = true));
  await Promise.resolve();
  expect(stopped).toBe(false);
  held.finish();
  const res = await answer;
  lambda.destroy();
  expect(res.StatusCode).toBe(200);
  expect(JSON.parse(new TextDecoder().decode(res.Payload))).toEqual({ finished: true });
  await stopping;
  expect(stopped).toBe(true);
});

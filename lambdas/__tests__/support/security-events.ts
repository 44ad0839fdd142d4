import type { randomUUID } from 'node:crypto';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { cloudTrailEvent } from '../../../dev/cognito/audit-events';
import type { Bff } from './bff';

/**
 * Runs the security-events function on the event EventBridge delivers for Cognito's CloudTrail record
 * of `eventName` by `sub` (at `at`, default now; with CloudTrail's `eventId` to deliver one again),
 * signed as EventBridge's invocation is: the stack's Lambda endpoint runs nothing unsigned. Answers the
 * function's error, if it threw.
 */
export async function deliverCloudTrailEvent(
  bff: Bff,
  eventName: string,
  sub: string,
  at?: Date,
  eventId?: ReturnType<typeof randomUUID>,
): Promise<string | undefined> {
  const event = cloudTrailEvent(eventName, sub);
  if (at) event.detail.eventTime = at.toISOString();
  if (eventId) event.detail.eventID = eventId;
  const lambda = new LambdaClient({
    region: bff.info.region,
    endpoint: bff.info.lambda,
    credentials: bff.info.adminCredentials,
  });
  try {
    const out = await lambda.send(
      new InvokeCommand({
        FunctionName: 'security-events',
        Payload: new TextEncoder().encode(JSON.stringify(event)),
      }),
    );
    if (out.StatusCode !== 200) throw new Error(`Invoke answered ${out.StatusCode}`);
    return out.FunctionError;
  } finally {
    lambda.destroy();
  }
}

import { randomUUID } from 'node:crypto';
import { SECURITY_EVENT_NAMES } from '../../lambdas/lib/security-event-names';
import { decodeJwt } from '../jwt';
import { invokeFunction, type TriggerFunction } from './proxy-triggers';

// CloudTrail records the Cognito calls that change an account's security (two-factor settings,
// passkeys, the password, deleting the user), with the user's sub in additionalEventData, and delivers them to
// EventBridge, whose rule runs the product's security-events function (cdk/lib/account-security-events.ts).
// The proxy plays that part: after each such call succeeds it invokes the function with the event
// EventBridge would deliver, without waiting for it (EventBridge delivers asynchronously).

type Json = Record<string, unknown>;

/** The calls the product's EventBridge rule listens to. */
const AUDITED: ReadonlySet<string> = new Set(SECURITY_EVENT_NAMES);

/** Whose call it is, for the calls authorized by the user's own access token; else undefined. */
export function tokenSubject(body: Json): string | undefined {
  if (typeof body.AccessToken !== 'string') return undefined;
  try {
    const sub = decodeJwt(body.AccessToken).payload.sub;
    return typeof sub === 'string' ? sub : undefined;
  } catch {
    return undefined;
  }
}

export const isAudited = (target: string): boolean => AUDITED.has(target);

/** The event EventBridge delivers for Cognito's CloudTrail record of `target` called by user `sub`. */
export function cloudTrailEvent(target: string, sub: string) {
  const now = new Date().toISOString();
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'AWS API Call via CloudTrail',
    source: 'aws.cognito-idp',
    account: '000000000000',
    time: now,
    region: 'us-east-1',
    resources: [],
    detail: {
      eventVersion: '1.08',
      eventTime: now,
      eventSource: 'cognito-idp.amazonaws.com',
      eventName: target,
      awsRegion: 'us-east-1',
      eventID: randomUUID(),
      eventType: 'AwsApiCall',
      managementEvent: true,
      additionalEventData: { sub },
    },
  };
}

/** Sends `target`'s CloudTrail event for user `sub` to the function, in the background. */
/** Resolves once the function has taken the event (or failed to); the caller does not wait for it. */
export function emitAuditEvent(fn: TriggerFunction, target: string, sub: string): Promise<void> {
  const event = cloudTrailEvent(target, sub);
  return invokeFunction(fn, event, 'Event').then(
    ({ functionError, payload }) => {
      if (functionError) console.error(`[cognito-proxy] ${fn.functionName} failed on ${target}:`, payload);
    },
    (error: unknown) => console.error(`[cognito-proxy] ${fn.functionName} unreachable:`, error),
  );
}

import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { log } from './log';
import { json, type Result } from './reply';

// The origin check: only CloudFront may call the BFF. Its /api/* origin adds a secret header
// (cdk/lib/site.ts) that CloudFront overwrites when a viewer sends one of the same name, and the
// handler boundary (onlyFromCloudFront, below, around every API handler: http.ts apiHandler) refuses requests without it, so nothing reaches a handler past
// CloudFront's security headers, rate limits and access logs (API Gateway's execute-api endpoint, or
// the API's custom domain, is public on the internet). It fails closed: without a configured secret
// every request is refused, so a deploy or local setup that lost the secret cannot open the API.

export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** The secret CDK generates (cdk/lib/api.ts); the local stack sets its own (dev/local-stack.ts). */
export const ORIGIN_VERIFY_ENV = 'ORIGIN_VERIFY_SECRET';

/**
 * 'verified': the request carries CloudFront's secret. 'refused': it does not (a direct call).
 * 'unconfigured': this function has no usable secret, so no request can be trusted.
 */
type OriginVerdict = 'verified' | 'refused' | 'unconfigured';

/** Shorter than this is not a secret CDK generated (48 characters) nor the local stack's. */
const MIN_SECRET_LENGTH = 16;

/** The configured secret, or undefined when missing, blank, too short or an unresolved reference. */
function configuredSecret(value: string | undefined): string | undefined {
  const secret = value?.trim();
  if (!secret || secret.length < MIN_SECRET_LENGTH || secret.startsWith('{{resolve:')) return undefined;
  return secret;
}

function checkOrigin(
  event: Partial<Pick<APIGatewayProxyEventV2, 'headers'>>,
  configured: string | undefined = process.env[ORIGIN_VERIFY_ENV],
): OriginVerdict {
  const expected = configuredSecret(configured);
  if (!expected) return 'unconfigured';
  // API Gateway HTTP APIs lower-case header names in the event.
  const given = event.headers?.[ORIGIN_VERIFY_HEADER] ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b) ? 'verified' : 'refused';
}

const GENERIC_MESSAGE = 'Something unexpected happened. Please try again.';

/**
 * `handler`, run only for a request that came through CloudFront. Without a configured secret every
 * request is refused with a 503 (so the API's error-rate alarm tells the operator); a request without
 * the secret header gets a 403.
 */
export function onlyFromCloudFront<E extends Pick<APIGatewayProxyEventV2, 'requestContext'>>(
  handler: (event: E) => Promise<Result>,
): (event: E) => Promise<Result> {
  return async (event: E) => {
    const origin = checkOrigin(event as Partial<Pick<APIGatewayProxyEventV2, 'headers'>>);
    if (origin === 'unconfigured') {
      log('error', 'origin secret not configured: every request is refused', event);
      return json(
        503,
        { error: { code: 'NOT_CONFIGURED', message: GENERIC_MESSAGE } },
        { 'retry-after': '60' },
      );
    }
    if (origin === 'refused') {
      log('warn', 'request without the CloudFront origin header', event);
      return json(403, { error: { code: 'FORBIDDEN', message: 'Use the site address.' } });
    }
    return handler(event);
  };
}

import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

// Only CloudFront may call the BFF: its /api/* origin adds a secret header (cdk/lib/site.ts), and the
// handler boundary (http.ts withErrors) refuses requests without it, so nothing reaches a handler past
// CloudFront's security headers and access logs (API Gateway's execute-api endpoint, or the API's custom
// domain, is public on the internet). CloudFront overwrites a viewer's header of the same name.

export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** The secret CDK generates (cdk/lib/api.ts); unset locally, where no CloudFront stands in front. */
export const ORIGIN_VERIFY_ENV = 'ORIGIN_VERIFY_SECRET';

/** True when the request carries CloudFront's secret, or when no secret is configured (local stack). */
export function fromCloudFront(event: Partial<Pick<APIGatewayProxyEventV2, 'headers'>>): boolean {
  const expected = process.env[ORIGIN_VERIFY_ENV];
  if (!expected) return true;
  // API Gateway HTTP APIs lower-case header names in the event.
  const given = event.headers?.[ORIGIN_VERIFY_HEADER] ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

// Which fields of CloudFront's access log records we keep (standard logging v2, access-logs-stack.ts).
// Left out: the query string (cs-uri-query), because page URLs carry one-time codes and addresses
// (/auth?mode=...&oobCode=...&email=..., /sign-up?email=...); the Referer (cs(Referer)), because the
// site's referrer policy sends a page's full URL, query included, with every request it makes to the
// same origin; cookies (cs(Cookie)); and the client-supplied X-Forwarded-For.
// The legacy S3 logging writes every field, so the distribution has it switched off (site.ts).

export const ACCESS_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'c-ip',
  'cs-method',
  'cs(Host)',
  'cs-uri-stem',
  'sc-status',
  'sc-bytes',
  'cs-bytes',
  'time-taken',
  'time-to-first-byte',
  'cs(User-Agent)',
  'x-edge-request-id',
  'x-host-header',
  'cs-protocol',
  'cs-protocol-version',
  'ssl-protocol',
  'x-edge-result-type',
  'x-edge-response-result-type',
  'x-edge-detailed-result-type',
  'sc-content-type',
  'sc-content-len',
] as const;

/** Fields that can hold a URL's query string, a cookie or a client's claim: never kept. */
export const FORBIDDEN_ACCESS_LOG_FIELDS = [
  'cs-uri-query',
  'cs(Referer)',
  'cs(Cookie)',
  'x-forwarded-for',
] as const;

/** How long the access logs are kept. */
export const ACCESS_LOG_RETENTION_DAYS = 90;

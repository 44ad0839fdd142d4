// Stripe's answers of a busy API (docs.stripe.com/rate-limits, /error-codes): a 429 `rate_limit`, or a
// 429 `lock_timeout` (another request holds the object). The SDK retries a lock_timeout itself (Stripe
// sends `Stripe-Should-Retry: true`) and never a rate limit; what is left when its retries ran out is
// a StripeRateLimitError. Neither changed anything at Stripe, so the client may simply try again:
// http.ts answers it 503 with Retry-After instead of the 500 meant for our own bugs. Duck-typed like
// http.ts's other Stripe checks, so handlers without Stripe do not bundle the SDK.

/** Whether `err` is Stripe saying it is busy (rate limit or lock timeout), after the SDK's retries. */
export function isStripeBusy(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { type, statusCode } = err as { type?: unknown; statusCode?: unknown };
  return (
    type === 'StripeRateLimitError' ||
    (typeof type === 'string' && type.startsWith('Stripe') && statusCode === 429)
  );
}

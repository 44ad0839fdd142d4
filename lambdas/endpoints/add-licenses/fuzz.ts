import fc from 'fast-check';
import type { FuzzGenerator } from '../../__tests__/fuzz/kit';
import { numberish } from '../../__tests__/fuzz/values';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape. The caller's
// own requests carry a proration date of no quote (409 QUOTE_EXPIRED unless it is Stripe's now).
export const fuzz: FuzzGenerator = ({ count, customerId, subscriptionId, count15, ownIds, field }) => ({
  body: {
    customerId,
    subscriptionId,
    count,
    prorationDate: field(fc.oneof(fc.integer({ min: 0, max: 4_102_444_800 }), numberish)),
  },
  own: { ...ownIds, count: count15, prorationDate: fc.integer({ min: 1_700_000_000, max: 2_100_000_000 }) },
});

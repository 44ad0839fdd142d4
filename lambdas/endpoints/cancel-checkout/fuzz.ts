import type { FuzzGenerator } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
// A's subscription is paid: its own ids must get 409, never end it.
export const fuzz: FuzzGenerator = ({ customerId, subscriptionId, ownIds }) => ({
  body: { customerId, subscriptionId },
  own: ownIds,
});

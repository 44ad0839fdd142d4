import type { FuzzGenerator } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
export const fuzz: FuzzGenerator = ({ pick, subscriptionId, a, asQuery }) => ({
  query: { subscriptionId: asQuery(subscriptionId) },
  ownQuery: { subscriptionId: pick(a.subscriptionId) },
});

import type { FuzzGenerator, MalformedQueries } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
export const fuzz: FuzzGenerator = ({ pick, subscriptionId, a, asQuery }) => ({
  query: { subscriptionId: asQuery(subscriptionId) },
  ownQuery: { subscriptionId: pick(a.subscriptionId) },
});

// What the validation test (lambdas/__tests__/validation.int.test.ts) sends, each refused with a 400.
export const malformedQueries: MalformedQueries = [
  { subscriptionId: 'nope' },
  { subscriptionId: 'sub_' },
  { uid: 'u' },
];

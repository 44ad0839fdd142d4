import type { FuzzGenerator, MalformedQueries } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
export const fuzz: FuzzGenerator = ({ pick, count, subscriptionId, a, asQuery }) => ({
  query: { count: asQuery(count), subscriptionId: asQuery(subscriptionId) },
  ownQuery: { count: pick('1', '2', '3', '4', '5'), subscriptionId: pick(a.subscriptionId) },
});

// What the validation test (lambdas/__tests__/validation.int.test.ts) sends, each refused with a 400.
export const malformedQueries: MalformedQueries = [
  {},
  { count: '0' },
  { count: '6' },
  { count: 'x' },
  { count: '1', subscriptionId: 'nope' },
];

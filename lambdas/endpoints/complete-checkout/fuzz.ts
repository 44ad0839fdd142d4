import type { FuzzGenerator, MalformedQueries } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
export const fuzz: FuzzGenerator = ({ pick, uid, paymentMethodId, a, asQuery }) => ({
  query: { uid: asQuery(uid), pmid: asQuery(paymentMethodId) },
  ownQuery: { uid: pick(a.user.uid), pmid: pick(a.paymentMethodId) },
});

// What the validation test (lambdas/__tests__/validation.int.test.ts) sends, each refused with a 400.
export const malformedQueries: MalformedQueries = [
  {},
  { uid: 'u' },
  { uid: 'u', pmid: 'card' },
  { uid: 'u', pmid: 'pm_' },
];

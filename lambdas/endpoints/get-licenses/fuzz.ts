import type { FuzzGenerator, MalformedQueries } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
export const fuzz: FuzzGenerator = ({ pick, uid, a, asQuery }) => ({
  query: { uid: asQuery(uid) },
  ownQuery: { uid: pick(a.user.uid) },
});

// What the validation test (lambdas/__tests__/validation.int.test.ts) sends, each refused with a 400.
export const malformedQueries: MalformedQueries = [
  {},
  { uid: '' },
  { uid: 'x'.repeat(500) },
  { uid: 'a b' },
  { uid: 'u', extra: '1' },
];

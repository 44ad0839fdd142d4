import type { FuzzGenerator } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
export const fuzz: FuzzGenerator = ({ pick, uid, a, asQuery }) => ({
  query: { uid: asQuery(uid) },
  ownQuery: { uid: pick(a.user.uid) },
});

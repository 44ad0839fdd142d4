import type { FuzzGenerator } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
export const fuzz: FuzzGenerator = ({ pick, uid, email, count, count15, a }) => ({
  body: { uid, email, count },
  own: { uid: pick(a.user.uid), email: pick(a.user.email), count: count15 },
});

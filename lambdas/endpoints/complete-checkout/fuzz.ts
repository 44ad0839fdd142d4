import type { FuzzGenerator } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
export const fuzz: FuzzGenerator = ({ pick, uid, paymentMethodId, a, asQuery }) => ({
  query: { uid: asQuery(uid), pmid: asQuery(paymentMethodId) },
  ownQuery: { uid: pick(a.user.uid), pmid: pick(a.paymentMethodId) },
});

import type { FuzzGenerator } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
export const fuzz: FuzzGenerator = ({ field, pick }) => ({
  body: { keepPendingSignIns: field(pick(true, false)) },
});

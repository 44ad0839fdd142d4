import fc from 'fast-check';
import type { FuzzGenerator } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
export const fuzz: FuzzGenerator = ({ customerId, subscriptionId, licenseKeys, ownIds, a }) => ({
  body: { customerId, subscriptionId, licenseKeys },
  own: { ...ownIds, licenseKeys: fc.subarray(a.licenseKeys, { minLength: 1 }) },
});

import type { FuzzGenerator } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
export const fuzz: FuzzGenerator = ({ pick, field, customerId, subscriptionId, licenseKey, ownIds, a }) => ({
  body: { customerId, subscriptionId, licenseKey: field(licenseKey) },
  own: { ...ownIds, licenseKey: pick(...a.licenseKeys) },
});

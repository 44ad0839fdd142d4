import type { FuzzGenerator } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
export const fuzz: FuzzGenerator = ({
  pick,
  field,
  email,
  customerId,
  subscriptionId,
  licenseKey,
  ownIds,
  a,
  v,
}) => ({
  body: { customerId, subscriptionId, licenseKey: field(licenseKey), email },
  own: {
    ...ownIds,
    licenseKey: pick(...a.licenseKeys),
    email: pick(v.user.email, 'colleague@example.com', a.user.email.toUpperCase()),
  },
});

import fc from 'fast-check';
import type { FuzzGenerator } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
export const fuzz: FuzzGenerator = ({ pick, billingDetails, a, obj, hostileText }) => ({
  body: billingDetails,
  own: {
    customerId: pick(a.customerId),
    companyName: fc.oneof({ arbitrary: pick('Acme Research GmbH', 'Elm'), weight: 4 }, hostileText),
    address: pick(obj({ line1: '12 Elm Street', city: 'Springfield', postalCode: '12345', country: 'US' })),
    taxId: pick(obj({ type: 'us_ein', value: '12-3456789' }), obj({ type: 'eu_vat', value: 'DE12' })),
  },
});

import type { FuzzGenerator } from '../../__tests__/fuzz/kit';
import { TERMS_VERSION } from '../../../src/lib/terms-version';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
export const fuzz: FuzzGenerator = ({ pick, field, subscriptionId, a }) => ({
  body: { subscriptionId, version: field(pick(TERMS_VERSION, '2020-01-01', '9999-99-99')) },
  own: { subscriptionId: pick(a.subscriptionId), version: pick(TERMS_VERSION) },
});

import fc from 'fast-check';
import type { FuzzGenerator } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
// Never the attacker's own subscription: its refund would end it, and the rest of the run's
// success paths with it (the refund's own paths are in the rounds and refund-guarantee.int).
export const fuzz: FuzzGenerator = ({ pick, field, idLike, v }) => ({
  body: {
    customerId: field(fc.oneof(pick(v.customerId, 'cus_', 'cus_x'), idLike('cus'))),
    subscriptionId: field(fc.oneof(pick(v.subscriptionId, 'sub_', 'sub_x'), idLike('sub'))),
  },
});

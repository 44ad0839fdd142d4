import type { FuzzGenerator } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
export const fuzz: FuzzGenerator = ({ pick, subscriptionId, paymentMethodId, a }) => ({
  body: { subscriptionId, paymentMethodId },
  own: {
    subscriptionId: pick(a.subscriptionId),
    // Never amex: that is the victim's card, whose last4 must not appear in the attacker's answers.
    paymentMethodId: pick(a.paymentMethodId, 'pm_card_visa', 'pm_card_mastercard', 'pm_card_chargeDeclined'),
  },
});

import { randomBytes } from 'node:crypto';
import type { EndpointBench } from '../../../bench/scenarios/context';

// A new subscriber each round, paying with a card of its own (the guarantee is once per card a year),
// asks whether the guarantee applies and has its refund.
export const bench: EndpointBench = {
  scenario: (ctx) => {
    /** A card with a random Visa number (Luhn-valid), so each refund is another household. */
    const cardOfItsOwn = () => {
      const digits = [4, ...Array.from({ length: 14 }, () => (randomBytes(1)[0] ?? 0) % 10)];
      const sum = [...digits]
        .reverse()
        .reduce((n, d, i) => n + (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
      return ctx.stripe.paymentMethods.create({
        type: 'card',
        card: {
          number: [...digits, (10 - (sum % 10)) % 10].join(''),
          exp_month: 12,
          exp_year: 2040,
          cvc: '123',
        },
      });
    };
    return {
      name: "new user: checkout then the guarantee's refund",
      rounds: ctx.roundsOf(40),
      run: async (i) => {
        const u = await ctx.newUser(`refund${i}`);
        const sub = await ctx.checkout(u, 1, (await cardOfItsOwn()).id);
        await ctx.call('refund-eligibility', { user: u, params: { uid: u.uid } });
        await ctx.call('request-refund', {
          user: u,
          params: { customerId: sub.customerId, subscriptionId: sub.subscriptionId },
          headers: ctx.idempotency(),
        });
      },
    };
  },
};

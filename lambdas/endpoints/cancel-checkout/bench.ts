import { CHECKOUTS_PER_HOUR } from '../../lib/checkout-limit';
import type { EndpointBench } from '../../../bench/scenarios/context';

// A user starts a checkout and drops it, again and again: each round a new one to end. Another user
// once one has started CHECKOUTS_PER_HOUR checkouts, the most an account may start in an hour.
export const bench: EndpointBench = {
  scenario: async (ctx) => {
    let canceller = await ctx.newUser('canceller');
    let cancellers = 1;
    let checkouts = 0;
    return {
      name: 'start a checkout then cancel it',
      rounds: Math.round(60 * ctx.scale),
      run: async () => {
        if (++checkouts > CHECKOUTS_PER_HOUR) {
          canceller = await ctx.newUser(`canceller${cancellers++}`);
          checkouts = 1;
        }
        const setup = await ctx.call('setup-checkout', {
          user: canceller,
          params: { uid: canceller.uid, email: canceller.email, count: 1 },
          headers: ctx.idempotency(),
        });
        const ids = { customerId: setup.customerId, subscriptionId: setup.subscriptionId };
        await ctx.call('cancel-checkout', { user: canceller, params: ids, headers: ctx.idempotency() });
      },
    };
  },
};

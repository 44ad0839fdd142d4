import type { BenchUser, EndpointBench, Purchase } from '../../../bench/scenarios/context';

// One subscriber with two licenses leaves in one step, then keeps both renewing, in turn (made on
// first use).
export const bench: EndpointBench = {
  scenario: (ctx) => {
    let leaver: { user: BenchUser; sub: Purchase; keys: string[] } | undefined;
    return {
      name: 'cancel in one step, then keep both licenses renewing',
      rounds: ctx.roundsOf(60),
      run: async () => {
        if (!leaver) {
          const user = await ctx.newUser('leaver');
          const sub = await ctx.checkout(user, 2);
          leaver = { user, sub, keys: await ctx.keysOf(user) };
        }
        const { user, sub, keys } = leaver;
        const ids = { customerId: sub.customerId, subscriptionId: sub.subscriptionId };
        await ctx.call('cancel-subscription', { user, params: ids, headers: ctx.idempotency() });
        await ctx.call('renew-licenses', {
          user,
          params: { ...ids, licenseKeys: keys },
          headers: ctx.idempotency(),
        });
      },
    };
  },
};

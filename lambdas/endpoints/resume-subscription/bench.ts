import type { EndpointBench } from '../../../bench/scenarios/context';

// One subscriber removes their only license (the subscription is set to end) and keeps it renewing,
// in turn: the same key renews again each round.
export const bench: EndpointBench = {
  scenario: async (ctx) => {
    const user = await ctx.newUser('resumer');
    const sub = await ctx.checkout(user, 1);
    const key = (await ctx.keysOf(user))[0] ?? '';
    const ids = { customerId: sub.customerId, subscriptionId: sub.subscriptionId };
    return {
      name: 'remove the last license then keep renewing',
      rounds: ctx.roundsOf(60),
      run: async () => {
        await ctx.call('remove-licenses', {
          user,
          params: { ...ids, licenseKeys: [key] },
          headers: ctx.idempotency(),
        });
        await ctx.call('resume-subscription', { user, params: ids, headers: ctx.idempotency() });
      },
    };
  },
};

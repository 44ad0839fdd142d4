import type { EndpointBench } from '../../../bench/scenarios/context';

export const bench: EndpointBench = {
  scenario: (ctx) => ({
    name: 'update-card',
    rounds: ctx.roundsOf(150),
    run: async () => {
      await ctx.call('update-card', {
        user: ctx.a,
        params: { subscriptionId: ctx.subA.subscriptionId, paymentMethodId: ctx.subA.pmid },
        headers: ctx.idempotency(),
      });
    },
  }),
};

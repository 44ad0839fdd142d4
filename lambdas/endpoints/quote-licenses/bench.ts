import type { EndpointBench } from '../../../bench/scenarios/context';

// Two reads in three (every read in the cold phase): Stripe's invoice preview is the slowest read.
export const bench: EndpointBench = {
  read: async (ctx, i) => {
    if (ctx.phase() === 'cold' || i % 3 !== 2)
      await ctx.call('quote-licenses', { user: ctx.a, params: { count: 1 } });
  },
};

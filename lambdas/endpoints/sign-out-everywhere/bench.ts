import type { EndpointBench } from '../../../bench/scenarios/context';

// A fresh user each round: afterwards the BFF takes none of the user's tokens.
export const bench: EndpointBench = {
  scenario: (ctx) => ({
    name: 'new user: sign-out-everywhere',
    rounds: ctx.roundsOf(60),
    run: async (i) => {
      const u = await ctx.newUser(`s${i}`);
      await ctx.call('sign-out-everywhere', { user: u });
    },
  }),
};

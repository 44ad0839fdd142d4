import { randomBytes } from 'node:crypto';
import type { EndpointBench } from '../../../bench/scenarios/context';

// The link of a security mail, followed once it is spent or expired (each is refused after one
// look-up): the route's cost without ending a session per round.
export const bench: EndpointBench = {
  scenario: (ctx) => ({
    name: 'end-sessions with a link that no longer works',
    rounds: ctx.roundsOf(60),
    run: async () => {
      await ctx.call('end-sessions', {
        params: { code: randomBytes(24).toString('base64url') },
        expect: [400],
      });
    },
  }),
};

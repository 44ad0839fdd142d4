import type { EndpointBench } from '../../../bench/scenarios/context';

// A's own access token with nothing pending: the gate's reads and Cognito's GetUser, no deletion.
export const bench: EndpointBench = {
  scenario: (ctx) => {
    let accessToken: string | undefined;
    return {
      name: 'nothing pending: finish-passkey-removal',
      rounds: ctx.roundsOf(60),
      run: async () => {
        accessToken ??= (await ctx.signIn(ctx.a.email, ctx.a.password)).accessToken;
        await ctx.call('finish-passkey-removal', { user: ctx.a, params: { accessToken } });
      },
    };
  },
};

import type { EndpointBench } from '../../../bench/scenarios/context';

// A new user each round, as in the product (delete-customer deletes the Cognito user too): Stripe
// idempotency keys are derived from the uid (customer:<uid>), so the same user buying again would be
// answered with the deleted customer.
export const bench: EndpointBench = {
  scenario: async (ctx) => {
    // Trees that ask for the current password (a strict schema in both).
    const withPassword = (await ctx.handlerSource('delete-customer')).includes('currentPassword');
    return {
      name: 'new user: checkout then delete-customer',
      rounds: ctx.roundsOf(100),
      run: async (i) => {
        const u = await ctx.newUser(`b${i}`);
        await ctx.checkout(u, 1);
        await ctx.call('delete-customer', {
          user: u,
          params: withPassword ? { uid: u.uid, currentPassword: u.password } : { uid: u.uid },
          headers: ctx.idempotency(),
        });
      },
    };
  },
};

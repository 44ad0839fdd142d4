import type { BenchUser, EndpointBench, Purchase } from '../../../bench/scenarios/context';

// Quote and add 2, then remove 1, taking turns among subscribers so that nobody's license list grows past what a
// real account has (each ends with about 12). The quantity only ever grows, but Stripe idempotency
// keys name the latest invoice too, so a repeated step would be safe.
export const bench: EndpointBench = {
  scenario: async (ctx) => {
    const rounds = ctx.roundsOf(150);
    const adders: { user: BenchUser; sub: Purchase }[] = [];
    for (let i = 0; i < Math.max(2, rounds / 10); i++) {
      const user = await ctx.newUser(`adder${i}`);
      adders.push({ user, sub: await ctx.checkout(user, 1) });
    }
    return {
      name: 'add 2 licenses then remove 1',
      rounds,
      run: async (i) => {
        const { user, sub } = adders[((i % adders.length) + adders.length) % adders.length] ?? {
          user: ctx.a,
          sub: ctx.subA,
        };
        // As the site does: the quote first, its proration date sent with the add.
        const quote = await ctx.call('quote-licenses', {
          user,
          params: { count: 2, subscriptionId: sub.subscriptionId },
        });
        const added = await ctx.call('add-licenses', {
          user,
          params: {
            customerId: sub.customerId,
            subscriptionId: sub.subscriptionId,
            count: 2,
            prorationDate: quote.prorationDate,
          },
          headers: ctx.idempotency(),
        });
        const renewing = (added.licenses as { key: string; expirationDate: string }[]).filter(
          (l) => l.expirationDate === 'NONE',
        );
        const last = renewing[renewing.length - 1];
        if (!last || renewing.length !== Number(added.quantity))
          throw new Error(
            `add-licenses: renewing licenses do not match the quantity: ${JSON.stringify(added)}`,
          );
        await ctx.call('remove-licenses', {
          user,
          params: { customerId: sub.customerId, subscriptionId: sub.subscriptionId, licenseKeys: [last.key] },
          headers: ctx.idempotency(),
        });
      },
    };
  },
};

import { randomBytes } from 'node:crypto';
import type { BenchUser, EndpointBench, Purchase } from '../../../bench/scenarios/context';

// A license may change hands 4 times in 30 days, and each round of giving and taking back is two
// changes: a license serves two rounds, so a giver buys five and serves ten, then a new one buys.
const LICENSES_PER_GIVER = 5;

// A subscriber gives a license to a person and takes it back, to a new address each round (the same
// license to the same address again must wait a minute).
export const bench: EndpointBench = {
  scenario: (ctx) => {
    let giver: { user: BenchUser; sub: Purchase; keys: string[] } | undefined;
    let giverRounds = 0;
    const nextGift = async () => {
      const n = giverRounds++;
      if (!giver || n % (2 * LICENSES_PER_GIVER) === 0) {
        const user = await ctx.newUser(`giver${n}`);
        giver = { user, sub: await ctx.checkout(user, LICENSES_PER_GIVER), keys: [] };
        giver.keys = await ctx.keysOf(user);
      }
      return { giver, key: giver.keys[Math.floor(n / 2) % LICENSES_PER_GIVER] ?? '' };
    };
    return {
      name: 'give a license to a person, then take it back',
      rounds: ctx.roundsOf(100),
      run: async (i) => {
        const { giver, key } = await nextGift();
        const ids = { customerId: giver.sub.customerId, subscriptionId: giver.sub.subscriptionId };
        const email = `bench-holder-${i}-${randomBytes(3).toString('hex')}@example.com`;
        await ctx.call('assign-license', {
          user: giver.user,
          params: { ...ids, licenseKey: key, email },
          headers: ctx.idempotency(),
        });
        await ctx.call('take-back-license', {
          user: giver.user,
          params: { ...ids, licenseKey: key },
          headers: ctx.idempotency(),
        });
      },
    };
  },
};

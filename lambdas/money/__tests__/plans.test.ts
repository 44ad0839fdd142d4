import { licensesToRenew, planAdd, planRemove, planRenew, QUOTE_TTL_SECONDS, quoteInForce } from '../plans';
import { slot } from './helpers';

// The plan of each quantity change, from what was read under the account's lease.

describe('planAdd', () => {
  const active = { status: 'active', cancelAtPeriodEnd: false, quantity: 3, made: false };

  it('raises to the quantity read plus the count (a target, not "+count")', () => {
    expect(planAdd(active, 2)).toEqual({ do: 'raise', to: 5 });
    expect(planAdd({ ...active, status: 'trialing' }, 1)).toEqual({ do: 'raise', to: 4 });
  });

  it('refuses a subscription not in force, or one that ends at period end', () => {
    expect(planAdd({ ...active, status: 'past_due' }, 1)).toEqual({ do: 'refuse', why: 'not-active' });
    expect(planAdd({ ...active, status: 'canceled' }, 1)).toEqual({ do: 'refuse', why: 'not-active' });
    expect(planAdd({ ...active, cancelAtPeriodEnd: true }, 1)).toEqual({ do: 'refuse', why: 'ending' });
  });

  it('does nothing more when Stripe already made this change, whatever the state since', () => {
    expect(planAdd({ ...active, made: true }, 2)).toEqual({ do: 'nothing' });
    expect(planAdd({ ...active, made: true, status: 'past_due', cancelAtPeriodEnd: true }, 2)).toEqual({
      do: 'nothing',
    });
  });
});

describe('quoteInForce', () => {
  const start = 1_700_000_000;
  const quoted = start + 10 * 86400;

  it("charges a quote up to QUOTE_TTL_SECONDS old on Stripe's clock, and no older", () => {
    expect(quoteInForce(quoted, quoted, start)).toBe(true);
    expect(quoteInForce(quoted, quoted + QUOTE_TTL_SECONDS, start)).toBe(true);
    expect(quoteInForce(quoted, quoted + QUOTE_TTL_SECONDS + 1, start)).toBe(false);
  });

  it("refuses a date Stripe's clock has not reached (it would charge less) and one before the period", () => {
    expect(quoteInForce(quoted + 1, quoted, start)).toBe(false);
    expect(quoteInForce(start - 1, start + 60, start)).toBe(false);
  });
});

describe('planRemove', () => {
  const live = { status: 'active', renewing: 3, made: false };

  it('lowers what Stripe renews by the chosen licenses, down to zero at most', () => {
    expect(planRemove(live, [slot(0), slot(1)])).toEqual({ do: 'lower', renewing: 1 });
    expect(planRemove({ ...live, renewing: 1 }, [slot(0), slot(1)])).toEqual({ do: 'lower', renewing: 0 });
    expect(planRemove({ ...live, status: 'past_due' }, [slot(0)])).toEqual({ do: 'lower', renewing: 2 });
  });

  it('refuses a license that already ends, and a subscription no longer live', () => {
    const ending = slot(1, { expirationDate: '2026-12-01T00:00:00.000Z' });
    expect(planRemove(live, [slot(0), ending])).toEqual({ do: 'refuse', why: 'not-renewing' });
    expect(planRemove({ ...live, status: 'canceled' }, [slot(0)])).toEqual({
      do: 'refuse',
      why: 'not-active',
    });
  });

  it('does nothing more, and checks nothing, once Stripe made the change (its slots may be dated by now)', () => {
    const dated = slot(0, { expirationDate: '2026-12-01T00:00:00.000Z' });
    expect(planRemove({ ...live, made: true }, [dated])).toEqual({ do: 'nothing' });
  });
});

describe('licensesToRenew', () => {
  const end = '2026-12-01T00:00:00.000Z';

  it('renews the licenses ending with this period, the most recently removed first, up to the quantity', () => {
    const slots = [
      slot(0),
      slot(1, { expirationDate: end, removalRequestedAt: '2026-11-02T00:00:00.000Z' }),
      slot(2, { expirationDate: end, removalRequestedAt: '2026-11-03T00:00:00.000Z' }),
      slot(3, { expirationDate: end, removalRequestedAt: '2026-11-01T00:00:00.000Z' }),
    ];
    expect(licensesToRenew(slots, end, 3).map((s) => s.ordinal)).toEqual([2, 1]);
  });

  it('never renews a license of another period or one already expired, nor more than Stripe bills', () => {
    const slots = [
      slot(0, { expirationDate: '2026-11-01T00:00:00.000Z' }),
      slot(1, { expirationDate: end, expired: true }),
      slot(2),
      slot(3),
    ];
    expect(licensesToRenew(slots, end, 4)).toEqual([]);
    expect(licensesToRenew([slot(0), slot(1, { expirationDate: end })], end, 1)).toEqual([]);
  });
});

describe('planRenew', () => {
  const end = '2026-12-01T00:00:00.000Z';
  const live = { status: 'active', renewing: 1, made: false };

  it('renews the chosen licenses ending with this period on top of what Stripe renews', () => {
    const chosen = [slot(1, { expirationDate: end }), slot(2, { expirationDate: end })];
    expect(planRenew(live, chosen, end)).toEqual({ do: 'raise-renewing', renewing: 3 });
    // Set to end (Stripe renews none): only the chosen ones renew.
    expect(planRenew({ ...live, renewing: 0 }, chosen.slice(0, 1), end)).toEqual({
      do: 'raise-renewing',
      renewing: 1,
    });
  });

  it('asks nothing for licenses that renew already, or once Stripe made the change', () => {
    expect(planRenew(live, [slot(0)], end)).toEqual({ do: 'nothing' });
    expect(planRenew({ ...live, made: true }, [slot(1, { expirationDate: end })], end)).toEqual({
      do: 'nothing',
    });
  });

  it('refuses a license past its paid period and a subscription not in force', () => {
    const earlier = slot(1, { expirationDate: '2026-11-01T00:00:00.000Z' });
    const expired = slot(2, { expirationDate: end, expired: true });
    expect(planRenew(live, [earlier], end)).toEqual({ do: 'refuse', why: 'not-in-period' });
    expect(planRenew(live, [expired], end)).toEqual({ do: 'refuse', why: 'not-in-period' });
    expect(planRenew({ ...live, status: 'past_due' }, [slot(1, { expirationDate: end })], end)).toEqual({
      do: 'refuse',
      why: 'not-active',
    });
  });
});

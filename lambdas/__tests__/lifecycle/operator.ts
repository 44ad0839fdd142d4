import path from 'node:path';
import type { lookup } from '../../../scripts/support/lookup';
import { support } from '../../../scripts/support/run';
import { newMonthlyPrice, runPriceChange } from '../support/price-change';
import { Cmd, expectThat } from './command';
import type { Model } from './model';
import type { World } from './world';

// The operator: `npm run support` (a refund outside the guarantee, two-factor sign-in off) and
// `npm run price-change`, run as an operator runs them against the local stack.

async function runSupport(w: World, ...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await support(argv, { LOCAL_DIR: path.dirname(w.bff.outboxDir) }, 'lifecycle', (l) =>
    lines.push(l),
  );
  w.log.push(`support ${argv.join(' ')} -> ${code}: ${lines.join(' ')}`);
  return { code, out: lines.join('\n') };
}

/** Support refunds one dollar of the latest payment; the licenses stay. */
export class SupportRefund extends Cmd {
  name = 'support refund';
  args = () => '$1';
  allowed = (m: Readonly<Model>) => {
    const latest = [...(m.sub?.payments ?? [])].reverse().find((p) => p.amount > p.refunded);
    return !m.deleted && m.inForce && latest !== undefined && latest.amount - latest.refunded > 100;
  };
  async act(m: Model, w: World) {
    const { code } = await runSupport(w, 'refund', w.owner.email, '--amount', '1', '--yes');
    expectThat(code === 0, `support refund exited ${code}`);
    const latest = [...m.current.payments].reverse().find((p) => p.amount > p.refunded);
    if (latest) latest.refunded += 100;
    m.money('refund');
  }
}

export class TwoFactorOff extends Cmd {
  name = 'support turns off two-factor';
  args = () => '';
  allowed = (m: Readonly<Model>) => !m.deleted;
  async act(_m: Model, w: World) {
    const { code } = await runSupport(w, 'turn-off-two-factor', w.owner.email);
    expectThat(code === 0, `turn-off-two-factor exited ${code}`);
    await w.bff.signIn(w.owner.email, w.owner.password);
  }
}

/** A new price from the first renewal at least 31 days away: announced by mail, then charged. */
export class PriceChange extends Cmd {
  name = 'price change';
  constructor(readonly unitAmount: number) {
    super();
  }
  args = () => `${this.unitAmount} cents`;
  allowed = (m: Readonly<Model>) => !m.priceAnnounced && m.paid && !m.deleted && !m.sub?.ending;
  async act(m: Model, w: World) {
    const price = await newMonthlyPrice(w.bff, this.unitAmount);
    const effective = new Date(((await w.clock()) + 31 * 86400) * 1000).toISOString().slice(0, 10);
    const run = await runPriceChange(w.bff, price, effective);
    const out = { code: run.code, text: run.out + run.err };
    w.log.push(`price-change -> ${out.code}: ${out.text.trim()}`);
    expectThat(out.code === 0, `price-change exited ${out.code}`);
    m.priceAnnounced = true;
    m.notice('price-change');
    // When it applies is the product's to decide (the first renewal on or after the date); read once.
    const subs = (await w.ok('GET', 'get-subscriptions', { query: { uid: w.owner.uid } })).subscriptions as {
      id: string;
      priceChange: { unitAmount: number; appliesAt: number } | null;
    }[];
    const change = subs.find((s) => s.id === m.current.id)?.priceChange;
    expectThat(
      change?.unitAmount === this.unitAmount,
      `get-subscriptions shows price change ${JSON.stringify(change)}`,
    );
    m.current.pending = { unitAmount: this.unitAmount, appliesAt: change?.appliesAt ?? 0 };
  }
}

type Lookup = Awaited<ReturnType<typeof lookup>>;

/**
 * Support looks the subscriber up (`npm run support -- lookup <email> --json`): what it tells the
 * operator agrees with the model: the subscription's state, the licenses in force against those that
 * renew, who holds each, the guarantee's refund, the billing e-mail; after deletion, that and how the
 * account was deleted.
 */
export class SupportLookup extends Cmd {
  name = 'support lookup';
  args = () => '';
  allowed = () => true;
  async act(m: Model, w: World) {
    const { code, out } = await runSupport(w, 'lookup', w.owner.email, '--json');
    const r = JSON.parse(out) as Lookup;
    const problems = m.deleted ? deletedProblems(m, r) : accountProblems(m, r);
    expectThat(code === (m.deleted ? 1 : 0), `support lookup exited ${code}`);
    expectThat(problems.length === 0, `support lookup disagrees with the model: ${problems.join('; ')}`);
  }
}

const STRIPE_STATUS = { active: 'active', past_due: 'past_due', ended: 'canceled', refunded: 'canceled' };

function accountProblems(m: Model, r: Lookup): string[] {
  if (!r.found) return ['it finds no account'];
  const s = m.current;
  const holder = (l: { key: string; assignee: string | null }) =>
    `${l.key} held by ${l.assignee ?? 'the buyer'}`;
  const got = {
    subscription: r.subscription && {
      id: r.subscription.id,
      status: r.subscription.status,
      inForce: r.subscription.inForce,
      renewing: r.subscription.renewing,
      endsAtPeriodEnd: r.subscription.endsAtPeriodEnd,
    },
    licenses: r.licenses
      .filter((l) => l.inForce)
      .map((l) => holder({ key: l.key, assignee: l.holder === 'the buyer' ? null : l.holder }))
      .sort(),
    guaranteeRefund: r.guaranteeRefund !== null,
    billingEmail: r.billingDetails?.billingEmail ?? null,
  };
  const want = {
    subscription: {
      id: s.id,
      status: STRIPE_STATUS[s.status],
      inForce: m.licenses.length,
      renewing: m.renewing.length,
      endsAtPeriodEnd: s.ending,
    },
    licenses: m.licenses.map(holder).sort(),
    guaranteeRefund: s.guaranteeUsed,
    billingEmail: m.billingEmail,
  };
  return JSON.stringify(got) === JSON.stringify(want)
    ? []
    : [`it says ${JSON.stringify(got)}, the model ${JSON.stringify(want)}`];
}

function deletedProblems(m: Model, r: Lookup): string[] {
  if (r.found) return ['it still finds the account'];
  const d = r.deleted;
  if (!d) return ['it knows of no deletion'];
  const want = {
    via: 'site',
    subscriptionCanceled: m.endedByDeletion,
    licensesGivenEnded: m.givenEndedByDeletion,
  };
  const got = {
    via: d.via,
    subscriptionCanceled: d.subscriptionCanceled,
    licensesGivenEnded: d.licensesGivenEnded,
  };
  return JSON.stringify(got) === JSON.stringify(want)
    ? []
    : [`its deletion says ${JSON.stringify(got)}, the model ${JSON.stringify(want)}`];
}

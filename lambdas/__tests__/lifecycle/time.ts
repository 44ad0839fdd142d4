import { Cmd, expectThat } from './command';
import type { Model } from './model';
import type { World } from './world';

// Time: Stripe's clock moves to the next renewal (paid, or declined by a card that fails every
// charge), and a card about to expire before that renewal is noticed by the daily job.

async function periodEnd(m: Model, w: World): Promise<number | null> {
  if (!m.sub || !m.inForce || m.deleted) return null;
  const sub = await w.bff.stripe.subscriptions.retrieve(m.sub.id);
  return sub.items.data[0]?.current_period_end ?? null;
}

/** What the renewal at `end` does, in the model. */
function renew(m: Model, end: number): void {
  const s = m.sub;
  if (!s || !m.inForce || m.deleted) return;
  s.windowOpen = false;
  if (s.ending) {
    m.endAll('ended', false);
    m.notice('ended');
    return;
  }
  for (const l of m.removed) l.inForce = false;
  if (s.pending && end >= s.pending.appliesAt) {
    s.unitAmount = s.pending.unitAmount;
    s.pending = null;
  }
  if (s.failingCard) {
    s.status = 'past_due';
    m.money('renewal-failed');
    return;
  }
  s.payments.push({ amount: s.quantity * s.unitAmount, refunded: 0 });
  m.money('receipt');
}

async function toNextRenewal(m: Model, w: World): Promise<void> {
  const end = await periodEnd(m, w);
  const now = await w.clock();
  // Without a subscription in force, a month passes (and nothing may be charged).
  await w.advance(end === null ? 31 * 86400 : end - now + 3600);
  if (end !== null) renew(m, end);
}

export class NextRenewal extends Cmd {
  name = 'clock to the next renewal';
  args = () => '';
  allowed = (m: Readonly<Model>) => m.sub?.status !== 'past_due';
  async act(m: Model, w: World) {
    await toNextRenewal(m, w);
  }
}

export class DeclinedRenewal extends Cmd {
  name = 'declined renewal';
  args = () => '';
  allowed = (m: Readonly<Model>) => m.paid && !m.deleted && !m.sub?.ending;
  async act(m: Model, w: World) {
    const bad = await w.bff.stripe.paymentMethods.create({
      type: 'card',
      card: { token: 'tok_chargeCustomerFail' },
    });
    await w.ok('PUT', 'update-card', { body: { subscriptionId: m.current.id, paymentMethodId: bad.id } });
    m.current.failingCard = true;
    await toNextRenewal(m, w);
  }
}

/** A card that expires before the next renewal: the job mails once; the subscriber then adds another. */
export class CardAboutToExpire extends Cmd {
  name = 'card about to expire';
  args = () => '';
  allowed = (m: Readonly<Model>) => m.paid && !m.deleted && !m.sub?.ending;
  async act(m: Model, w: World) {
    const s = m.current;
    const now = new Date((await w.clock()) * 1000);
    const exp = { month: now.getUTCMonth() + 1, year: now.getUTCFullYear() };
    await w.ok('PUT', 'update-card', { body: { subscriptionId: s.id, paymentMethodId: await w.card(exp) } });
    s.failingCard = false;
    await w.settle();
    const report = (await w.bff.runJob('card-expiry-notices')) as { failed: number };
    w.log.push(`card-expiry-notices -> ${JSON.stringify(report)}`);
    expectThat(report.failed === 0, `card-expiry-notices failed ${report.failed} notices`);
    const end = await periodEnd(m, w);
    if (end !== null && Date.UTC(exp.year, exp.month, 1) / 1000 <= end) {
      m.expect(m.owner, 'card-expiring');
      if (m.billingEmail) m.expect(m.billingEmail, 'card-expiring', 0, 1);
    }
    await w.ok('PUT', 'update-card', { body: { subscriptionId: s.id, paymentMethodId: await w.card() } });
  }
}

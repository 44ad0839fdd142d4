import { readOutbox } from '../../../dev/outbox';
import type { Invoice } from '../../endpoints/get-invoices/contract';
import type { LicenseView } from '../../contracts/license-view';
import type { RefundEligibility } from '../../endpoints/refund-eligibility/contract';
import type { Subscription } from '../../endpoints/get-subscriptions/contract';
import { checkInvariants } from '../support/invariants';
import { kindOf, type MailKind, type Model } from './model';
import type { World } from './world';

// After every command: what the subscriber's pages read (get-subscriptions, get-licenses,
// get-invoices, refund-eligibility) agrees with the model, Stripe and DynamoDB agree
// (support/invariants.ts), every mail each address got is one the model expects, exactly as often,
// and an account that no longer exists can neither sign in nor be charged.

const IN_FORCE = ['active', 'trialing', 'past_due', 'unpaid'];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function checkAll(m: Model, w: World): Promise<void> {
  const problems: string[] = [];
  if (m.deleted) await checkDeleted(m, w, problems);
  else await checkReaders(m, w, problems);
  await checkMails(m, w, problems);
  if (problems.length) throw new Error(`invariants broken:\n  - ${problems.join('\n  - ')}`);
}

async function checkReaders(m: Model, w: World, problems: string[]): Promise<void> {
  const uid = w.owner.uid;
  const s = m.sub;
  const subs = (await w.ok('GET', 'get-subscriptions', { query: { uid } })).subscriptions as Subscription[];
  const shown = subs.filter((x) => IN_FORCE.includes(x.status));
  if (!m.inForce) {
    if (shown.length)
      problems.push(
        `get-subscriptions shows ${shown.map((x) => `${x.id} ${x.status}`).join(', ')}; none is in force`,
      );
  } else if (shown.length !== 1 || shown[0]?.id !== m.current.id) {
    problems.push(
      `get-subscriptions shows ${JSON.stringify(subs.map((x) => [x.id, x.status]))}, not ${m.current.id}`,
    );
  } else {
    const g = shown[0];
    const want = {
      status: m.current.status,
      cancelAtPeriodEnd: m.current.ending,
      activeLicenseCount: m.licenses.length,
      renewLicenseCount: m.renewing.length,
    };
    const got = {
      status: g.status,
      cancelAtPeriodEnd: g.cancelAtPeriodEnd,
      activeLicenseCount: g.activeLicenseCount,
      renewLicenseCount: g.renewLicenseCount,
    };
    if (!same(got, want))
      problems.push(`get-subscriptions ${JSON.stringify(got)}, the model ${JSON.stringify(want)}`);
    const next =
      m.current.ending || m.renewing.length === 0 || m.current.status !== 'active'
        ? null
        : nextAmount(m, g.currentPeriodEnd ?? 0);
    const amount = g.nextCharge?.amount ?? null;
    if (amount !== next)
      problems.push(`the next charge is ${String(amount)}, the model says ${String(next)}`);
  }

  const data = await w.ok('GET', 'get-licenses', { query: { uid } });
  const view = (ls: { key: string; renewing: boolean; assignee: string | null }[]) =>
    ls.map((l) => `${l.key}${l.renewing ? ' renewing' : ''}${l.assignee ? ` to ${l.assignee}` : ''}`).sort();
  const got = view(
    (data.licenses as LicenseView[]).map((l) => ({ ...l, renewing: l.expirationDate === 'NONE' })),
  );
  const want = view(m.licenses);
  if (!same(got, want))
    problems.push(`get-licenses shows ${JSON.stringify(got)}, the model ${JSON.stringify(want)}`);

  if (s) {
    const inv = await w.ok('GET', 'get-invoices', { query: { subscriptionId: s.id } });
    const paid = (inv.invoices as Invoice[])
      .filter((i) => i.status === 'paid' && i.amountPaid > 0)
      .map((i) => i.amountPaid)
      .sort();
    const payments = s.payments
      .map((p) => p.amount)
      .filter((a) => a > 0)
      .sort();
    if (inv.subscriptionId === s.id && !same(paid, payments))
      problems.push(
        `get-invoices shows payments ${JSON.stringify(paid)}, the model ${JSON.stringify(payments)}`,
      );
  }

  const e = (await w.ok('GET', 'refund-eligibility', { query: { uid } })) as unknown as RefundEligibility;
  const eligible = m.eligible(await w.clock());
  if (eligible !== 'unknown' && e.eligible !== eligible)
    problems.push(
      `refund-eligibility says ${e.eligible ? 'eligible' : `not eligible (${String(e.reason)})`}, the model ${eligible ? 'eligible' : 'not eligible'}`,
    );
  if (e.eligible && eligible === true && e.amount !== m.left)
    problems.push(
      `refund-eligibility offers ${e.amount}, the model ${m.left} (every payment, less what was refunded)`,
    );

  problems.push(...(await checkInvariants(w.bff, uid)).map((p) => `Stripe and DynamoDB: ${p}`));
}

function nextAmount(m: Model, periodEnd: number): number {
  const s = m.current;
  const unit = s.pending && periodEnd >= s.pending.appliesAt ? s.pending.unitAmount : s.unitAmount;
  return s.quantity * unit;
}

/** The account is gone: no sign-in, the subscription ended, nothing charged since. */
async function checkDeleted(m: Model, w: World, problems: string[]): Promise<void> {
  try {
    await w.bff.signIn(w.owner.email, w.owner.password);
    problems.push('the deleted account can still sign in to Cognito');
  } catch {
    // refused, as it should be
  }
  const s = m.sub;
  if (!s) return;
  const sub = await w.bff.stripe.subscriptions.retrieve(s.id);
  if (sub.status !== 'canceled') problems.push(`the deleted account's subscription is ${sub.status}`);
  const paid = (
    await w.bff.stripe.invoices.list({ subscription: s.id, status: 'paid', limit: 100 })
  ).data.filter((i) => i.amount_paid > 0);
  const payments = s.payments.filter((p) => p.amount > 0).length;
  if (paid.length > payments)
    problems.push(`${paid.length - payments} charges after the account was deleted`);
}

async function checkMails(m: Model, w: World, problems: string[]): Promise<void> {
  const addresses = new Set([m.owner, ...m.mails.keys()]);
  if (m.billingEmail) addresses.add(m.billingEmail);
  if (w.colleague) addresses.add(w.colleague.email);
  for (const to of addresses) {
    const got = new Map<MailKind, string[]>();
    for (const mail of await readOutbox(w.bff.outboxDir, to)) {
      const k = kindOf(mail.subject);
      got.set(k, [...(got.get(k) ?? []), mail.subject]);
    }
    const want = m.mails.get(to);
    const kinds = new Set([...got.keys(), ...(want?.keys() ?? [])]);
    for (const k of kinds) {
      if (k === 'security') continue;
      const n = got.get(k)?.length ?? 0;
      const e = want?.get(k) ?? { min: 0, max: 0 };
      if (n < e.min || n > e.max)
        problems.push(
          `${to} got ${n} ${k} mails (${JSON.stringify(got.get(k) ?? [])}), the model expects ${e.min === e.max ? e.min : `${e.min} to ${e.max}`}`,
        );
    }
  }
}

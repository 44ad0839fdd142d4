// What each person of one lifecycle run should see, kept by the commands as they act: the account's
// subscription and its licenses (who holds each, which renew), its payments and refunds, the price the
// next renewal charges, and the mails each address should have received. The real system is compared
// against it after every command (invariants.ts).

/** Mail kinds, by subject (kindOf). Money kinds also go to the billing e-mail. */
export type MailKind =
  | 'receipt'
  | 'refund'
  | 'renewal-failed'
  | 'cancellation'
  | 'ended'
  | 'price-change'
  | 'card-expiring'
  | 'assigned'
  | 'taken-back'
  | 'license-ending'
  | 'account-deleted'
  | 'security'
  | 'other';

export const MONEY_MAILS: readonly MailKind[] = ['receipt', 'refund', 'renewal-failed'];

const SUBJECTS: [RegExp, MailKind][] = [
  [/^Your Stockbench receipt/, 'receipt'],
  [/^Your Stockbench refund/, 'refund'],
  [/^Your Stockbench renewal payment failed/, 'renewal-failed'],
  [/^Your Stockbench subscription ends on/, 'cancellation'],
  [/^Your Stockbench subscription has ended/, 'ended'],
  [/^Stockbench licenses cost/, 'price-change'],
  [/^Your card expires before/, 'card-expiring'],
  [/^A Stockbench license for you/, 'assigned'],
  [/^Your Stockbench license was taken back/, 'taken-back'],
  [/^Your Stockbench license (will end|ended)/, 'license-ending'],
  [/^Your Stockbench account was deleted/, 'account-deleted'],
  [/password|two-factor|authenticator|email address was changed|Verify|code/i, 'security'],
];

export const kindOf = (subject: string): MailKind =>
  SUBJECTS.find(([re]) => re.test(subject))?.[1] ?? 'other';

export interface License {
  key: string;
  /** Renews monthly (no end date). */
  renewing: boolean;
  /** In force: not ended (a dated license stays in force until its period ends). */
  inForce: boolean;
  assignee: string | null;
  /** Order of the last removal (resume renews the most recently removed first). */
  removedAt: number;
  /** When (the test's clock, ms) it was last given to its assignee: given again within a minute is refused. */
  assignedAt?: number;
  /** How many times this license was dated while assigned (each may tell its holder once). */
  endings: number;
}

export interface Payment {
  amount: number;
  refunded: number;
}

export type Status = 'active' | 'past_due' | 'ended' | 'refunded';

export interface Sub {
  id: string;
  customerId: string;
  status: Status;
  /** Set to end at the period's end (every license removed, or cancelled). */
  ending: boolean;
  /** Stripe's quantity: what renews (kept while the subscription is set to end). */
  quantity: number;
  payments: Payment[];
  licenses: License[];
  /** Per license per month, in cents, and a price announced for a later renewal. */
  unitAmount: number;
  pending: { unitAmount: number; appliesAt: number } | null;
  /** The first month (the guarantee's window) is still open. */
  windowOpen: boolean;
  guaranteeUsed: boolean;
  /** The card renewals charge fails every charge. */
  failingCard: boolean;
}

/** A range: how many mails of a kind an address may have (min = max where the model is sure). */
export interface Expected {
  min: number;
  max: number;
}

/**
 * Guarantee refunds across runs (the stack lives across them): the normalised billing addresses
 * of households refunded, with the Stripe clock's time of the refund.
 */
export const households = new Map<string, number>();

export class Model {
  sub: Sub | null = null;
  /** Subscriptions this account had before the current one. */
  previous = 0;
  /** A license of this account validated on a machine (its licenses were used). */
  used = false;
  accountRefunded = false;
  deleted = false;
  /** At deletion: whether a subscription in force was cancelled, and how many licenses given to others ended. */
  endedByDeletion = false;
  givenEndedByDeletion = 0;
  billingEmail: string | null = null;
  address: string | null = null;
  colleague: string | null = null;
  priceAnnounced = false;
  /** Removal order counter. */
  removals = 0;
  mails = new Map<string, Map<MailKind, Expected>>();

  constructor(readonly owner: string) {}

  expect(to: string, kind: MailKind, min = 1, max = min): void {
    const byKind = this.mails.get(to) ?? new Map<MailKind, Expected>();
    const e = byKind.get(kind) ?? { min: 0, max: 0 };
    byKind.set(kind, { min: e.min + min, max: e.max + max });
    this.mails.set(to, byKind);
  }

  /** A money mail: the owner, and the billing e-mail when one is set. */
  money(kind: MailKind, min = 1, max = min): void {
    this.expect(this.owner, kind, min, max);
    if (this.billingEmail) this.expect(this.billingEmail, kind, min, max);
  }

  /** A notice about the subscription: the owner; the billing e-mail may get it too. */
  notice(kind: MailKind): void {
    this.expect(this.owner, kind);
    if (this.billingEmail) this.expect(this.billingEmail, kind, 0, 1);
  }

  /** The subscription a command acts on (its check made sure there is one). */
  get current(): Sub {
    if (!this.sub) throw new Error('the model has no subscription');
    return this.sub;
  }

  get inForce(): boolean {
    return this.sub !== null && (this.sub.status === 'active' || this.sub.status === 'past_due');
  }
  /** Licenses in force and paid for: they validate. */
  get paid(): boolean {
    return this.sub?.status === 'active';
  }
  get licenses(): License[] {
    return this.sub?.licenses.filter((l) => l.inForce) ?? [];
  }
  get renewing(): License[] {
    return this.licenses.filter((l) => l.renewing);
  }
  /** Removed licenses still in their paid period: what keep renewing can renew. */
  get removed(): License[] {
    return this.licenses.filter((l) => !l.renewing);
  }
  get left(): number {
    return this.sub?.payments.reduce((n, p) => n + p.amount - p.refunded, 0) ?? 0;
  }

  /** Whether the guarantee is open now; 'unknown' where a household refund is near a year old. */
  eligible(clock: number): boolean | 'unknown' {
    const s = this.sub;
    if (!s || !this.inForce || this.deleted || this.left <= 0 || !s.windowOpen || s.guaranteeUsed)
      return false;
    if (this.accountRefunded || (this.previous > 0 && this.used)) return false;
    const at = this.address ? households.get(this.address) : undefined;
    if (at === undefined) return true;
    const age = clock - at;
    if (age < 330 * 86400) return false;
    return age > 400 * 86400 ? true : 'unknown';
  }

  /** A license's end date is set (removed, cancelled, ended): its holder may be told, once. */
  dated(l: License): void {
    if (l.assignee) {
      l.endings++;
      this.expect(l.assignee, 'license-ending', l.endings === 1 ? 1 : 0, 1);
    }
  }

  /**
   * Every license ends: now (a refund, a deletion: a removed license's end moves up too, which its
   * holder may be told), or at the period's end of a subscription set to end (as each was dated).
   */
  endAll(status: Status, now = true): void {
    const s = this.sub;
    if (!s) return;
    for (const l of s.licenses.filter((x) => x.inForce)) {
      if (l.renewing || now) this.dated(l);
      l.inForce = false;
      l.renewing = false;
    }
    s.status = status;
    s.ending = false;
  }

  describe(): string {
    const s = this.sub;
    if (!s) return `no subscription${this.deleted ? ' (deleted)' : ''}`;
    return `${s.status}${s.ending ? ' ending' : ''}: ${this.renewing.length}/${this.licenses.length} renewing, payments ${s.payments.map((p) => `${p.amount}-${p.refunded}`).join(' ')}`;
  }
}

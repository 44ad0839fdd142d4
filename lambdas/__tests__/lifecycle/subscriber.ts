import type { LicenseView } from '../../contracts/license-view';
import { pay } from '../rounds/round';
import { Cmd, expectThat, nth, some } from './command';
import { households, type Model } from './model';
import type { World } from './world';

// The subscriber's commands, as the site sends them: buy, quote then add, remove, keep renewing one
// or all, cancel, resume, update the card, billing details, the guarantee's refund, delete the account.

const ADDRESSES = [
  { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
  { line1: '22 Rue de la Paix', city: 'Paris', postalCode: '75002', country: 'FR' },
  { line1: '5 High Street', city: 'Oxford', postalCode: 'OX1 1AA', country: 'GB' },
];
/** How the model names an address (the product normalises it its own way). */
const addressKey = (i: number) => JSON.stringify(ADDRESSES[i]);

async function unitAmount(w: World): Promise<number> {
  const price = await w.bff.stripe.prices.retrieve(w.bff.info.stripePriceId);
  return price.unit_amount ?? 0;
}

export class Buy extends Cmd {
  name = 'buy';
  constructor(readonly count: number) {
    super();
  }
  args = () => String(this.count);
  allowed = (m: Readonly<Model>) => !m.deleted;
  async act(m: Model, w: World) {
    const body = { uid: w.owner.uid, email: w.owner.email, count: this.count };
    const setup = await w.call('POST', 'setup-checkout', { body });
    if (m.inForce) {
      expectThat(
        setup.status === 409 && setup.body.error?.code === 'SUBSCRIPTION_EXISTS',
        `setup-checkout beside a subscription in force answered ${setup.status} ${setup.body.error?.code ?? ''}, not 409 SUBSCRIPTION_EXISTS`,
      );
      return;
    }
    expectThat(setup.status === 200, `setup-checkout answered ${setup.status}`);
    const paid = await pay(String(setup.body.sec), await w.card());
    expectThat('pmid' in paid, `the card was refused: ${JSON.stringify(paid)}`);
    const done = await w.ok('GET', 'complete-checkout', {
      query: { uid: w.owner.uid, pmid: 'pmid' in paid ? paid.pmid : '' },
    });
    const unit = await unitAmount(w);
    if (m.sub) m.previous++;
    m.sub = {
      id: String(setup.body.subscriptionId),
      customerId: String(setup.body.customerId),
      status: 'active',
      ending: false,
      quantity: this.count,
      payments: [{ amount: unit * this.count, refunded: 0 }],
      licenses: (done.licenses as LicenseView[]).map((l) => freshLicense(l.key)),
      unitAmount: unit,
      pending: null,
      windowOpen: true,
      guaranteeUsed: false,
      failingCard: false,
    };
    m.money('receipt');
  }
}

/** A license just bought: renewing, in force, held by its buyer. */
const freshLicense = (key: string) => ({
  key,
  renewing: true,
  inForce: true,
  assignee: null,
  removedAt: 0,
  endings: 0,
});

/** Quote-licenses, then add-licenses: the charge equals the quote. */
export class QuoteThenAdd extends Cmd {
  name = 'quote then add';
  constructor(readonly count: number) {
    super();
  }
  args = () => String(this.count);
  allowed = (m: Readonly<Model>) => m.inForce && !m.deleted;
  async act(m: Model, w: World) {
    const s = m.current;
    const ids = { customerId: s.customerId, subscriptionId: s.id };
    const quote = await w.call('GET', 'quote-licenses', {
      query: { count: String(this.count), subscriptionId: s.id },
    });
    // As the licenses page does: the quote's proration date goes with the confirmation.
    const prorationDate = quote.status === 200 ? quote.body.prorationDate : undefined;
    const add = await w.call('PUT', 'add-licenses', { body: { ...ids, count: this.count, prorationDate } });
    if (s.status !== 'active' || s.ending) {
      const code = s.ending ? 'SUBSCRIPTION_ENDING' : 'SUBSCRIPTION_NOT_ACTIVE';
      expectThat(
        add.status === 409 && add.body.error?.code === code,
        `add-licenses answered ${add.status}, not 409 ${code}`,
      );
      return;
    }
    expectThat(quote.status === 200 && add.status === 200, `quote ${quote.status}, add ${add.status}`);
    await w.settle();
    const invoices = await w.bff.stripe.invoices.list({ subscription: s.id, status: 'paid', limit: 100 });
    const charged = invoices.data
      .filter((i) => i.billing_reason === 'subscription_update')
      .sort((a, b) => b.created - a.created)[0];
    const amount = charged?.amount_paid ?? 0;
    const known = new Set(s.licenses.map((l) => l.key));
    for (const l of (add.body.licenses as LicenseView[]).filter((x) => !known.has(x.key)))
      s.licenses.push(freshLicense(l.key));
    s.quantity += this.count;
    s.payments.push({ amount, refunded: 0 });
    if (amount > 0) m.money('receipt');
    expectThat(
      quote.body.amountDue === amount,
      `quote-licenses said ${String(quote.body.amountDue)}, add-licenses charged ${amount}`,
    );
  }
}

export class Remove extends Cmd {
  name = 'remove';
  constructor(
    readonly i: number,
    readonly n: number,
  ) {
    super();
  }
  args = () => `${this.i},${this.n}`;
  allowed = (m: Readonly<Model>) => m.paid && !m.deleted && m.renewing.length > 0;
  async act(m: Model, w: World) {
    const s = m.current;
    const chosen = some(m.renewing, this.i, this.n);
    await w.ok('PUT', 'remove-licenses', {
      body: { customerId: s.customerId, subscriptionId: s.id, licenseKeys: chosen.map((l) => l.key) },
    });
    const at = ++m.removals;
    for (const l of chosen) {
      l.renewing = false;
      l.removedAt = at;
      m.dated(l);
    }
    if (m.renewing.length === 0) {
      s.ending = true;
      m.notice('cancellation');
    } else s.quantity = m.renewing.length;
  }
}

/** Keep renewing: removed licenses, still in their period, renew again (one, or all of them). */
export class KeepRenewing extends Cmd {
  name = 'keep renewing';
  constructor(
    readonly all: boolean,
    readonly i: number,
  ) {
    super();
  }
  args = () => (this.all ? 'all' : `one ${this.i}`);
  allowed = (m: Readonly<Model>) => m.paid && !m.deleted && m.removed.length > 0;
  async act(m: Model, w: World) {
    const s = m.current;
    const chosen = this.all ? m.removed : [nth(m.removed, this.i)];
    await w.ok('PUT', 'renew-licenses', {
      body: { customerId: s.customerId, subscriptionId: s.id, licenseKeys: chosen.map((l) => l.key) },
    });
    for (const l of chosen) {
      l.renewing = true;
      // The holder is told the license continues.
      if (l.assignee) m.expect(l.assignee, 'other');
    }
    s.ending = false;
    s.quantity = m.renewing.length;
    m.money('other'); // the owner's confirmation, a money mail (docs/mail.md)
  }
}

export class Cancel extends Cmd {
  name = 'cancel';
  args = () => '';
  allowed = (m: Readonly<Model>) => m.paid && !m.deleted && !m.sub?.ending;
  async act(m: Model, w: World) {
    const s = m.current;
    await w.ok('PUT', 'cancel-subscription', { body: { customerId: s.customerId, subscriptionId: s.id } });
    const at = ++m.removals;
    for (const l of m.renewing) {
      l.renewing = false;
      l.removedAt = at;
      m.dated(l);
    }
    s.ending = true;
    m.notice('cancellation');
  }
}

export class Resume extends Cmd {
  name = 'resume';
  args = () => '';
  allowed = (m: Readonly<Model>) => m.paid && !m.deleted && m.sub?.ending === true;
  async act(m: Model, w: World) {
    const s = m.current;
    await w.ok('PUT', 'resume-subscription', { body: { customerId: s.customerId, subscriptionId: s.id } });
    // The most recently removed first, up to the quantity Stripe bills.
    const order = m.removed
      .map((l, idx) => ({ l, idx }))
      .sort((a, b) => b.l.removedAt - a.l.removedAt || b.idx - a.idx)
      .slice(0, s.quantity);
    for (const { l } of order) {
      l.renewing = true;
      if (l.assignee) m.expect(l.assignee, 'other', 0, 1);
    }
    m.money('other', 0, 1); // the owner's confirmation, a money mail (docs/mail.md)
    s.ending = false;
  }
}

/** A new card; a past-due subscription's open renewal is paid with it. */
export class UpdateCard extends Cmd {
  name = 'update card';
  args = () => '';
  allowed = (m: Readonly<Model>) => m.inForce && !m.deleted;
  async act(m: Model, w: World) {
    const s = m.current;
    await w.ok('PUT', 'update-card', { body: { subscriptionId: s.id, paymentMethodId: await w.card() } });
    s.failingCard = false;
    if (s.status === 'past_due') {
      s.status = 'active';
      s.payments.push({ amount: s.quantity * s.unitAmount, refunded: 0 });
      m.money('receipt');
    }
  }
}

export class BillingDetails extends Cmd {
  name = 'billing details';
  constructor(
    readonly address: number,
    readonly withEmail: boolean,
  ) {
    super();
  }
  args = () => `address ${this.address}${this.withEmail ? ', billing e-mail' : ''}`;
  allowed = (m: Readonly<Model>) => m.sub !== null && !m.deleted;
  async act(m: Model, w: World) {
    const billingEmail = this.withEmail ? `billing-${w.runId}@example.com` : undefined;
    await w.ok('PUT', 'billing-details', {
      body: {
        customerId: m.current.customerId,
        companyName: 'Acme Research',
        address: ADDRESSES[this.address],
        billingEmail,
      },
    });
    m.address = addressKey(this.address);
    m.billingEmail = billingEmail ?? null;
  }
}

/** The satisfaction guarantee, self-service: open or refused as the model says. */
export class GuaranteeRefund extends Cmd {
  name = 'guarantee refund';
  args = () => '';
  allowed = (m: Readonly<Model>) => m.inForce && !m.deleted;
  async act(m: Model, w: World) {
    const s = m.current;
    const clock = await w.clock();
    const eligible = m.eligible(clock);
    const res = await w.call('POST', 'request-refund', {
      body: { customerId: s.customerId, subscriptionId: s.id },
    });
    expectThat(res.status === 200 || res.status === 409, `request-refund answered ${res.status}`);
    if (eligible !== 'unknown')
      expectThat(
        (res.status === 200) === eligible,
        `request-refund answered ${res.status}; the model says ${eligible ? '' : 'not '}eligible`,
      );
    if (res.status !== 200) return;
    expectThat(
      res.body.amount === m.left,
      `the guarantee refunded ${String(res.body.amount)}, not the ${m.left} left`,
    );
    // Each payment with something left is refunded on its own, and each refund has its mail.
    const refunds = s.payments.filter((p) => p.amount > p.refunded).length;
    for (const p of s.payments) p.refunded = p.amount;
    s.guaranteeUsed = true;
    m.accountRefunded = true;
    if (m.address) households.set(m.address, clock);
    m.endAll('refunded');
    m.money('refund', refunds);
  }
}

export class DeleteAccount extends Cmd {
  name = 'delete account';
  args = () => '';
  allowed = (m: Readonly<Model>) => !m.deleted;
  async act(m: Model, w: World) {
    await w.ok('POST', 'delete-customer', { body: { uid: w.owner.uid, currentPassword: w.owner.password } });
    m.endedByDeletion = m.inForce;
    m.givenEndedByDeletion = m.licenses.filter((l) => l.assignee).length;
    // The subscription's end may still be told before the account record goes.
    if (m.inForce) m.expect(m.owner, 'ended', 0, 1);
    if (m.inForce) m.endAll('ended');
    m.deleted = true;
    m.expect(m.owner, 'account-deleted');
  }
}

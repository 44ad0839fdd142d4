import {
  advanceStripeClock,
  startCheckout,
  subscribe,
  useFailingCard,
} from '../../../__tests__/support/accounts';
import { eventually, paymentIntentOf, startBff, type Bff, type User } from '../../../__tests__/support/bff';
import type { Invoice } from '../contract';

// The billing history (get-invoices) through the local API server against the real emulators: the
// caller's own invoices after a checkout and after an add, each with a receipt that opens; nothing of a
// checkout never paid (awaiting its first payment, cancelled, or expired), while a renewal that failed
// stays listed as owed; nothing of another account's; 400 for a malformed query, 401 without a token.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff({ own: true });
});
afterAll(() => bff?.stop());

const setUp = (user: User, count: number) => startCheckout(bff, user, count);
const subscribed = (count: number) => subscribe(bff, count);

async function invoicesOf(user: User, query?: Record<string, string>): Promise<Invoice[]> {
  const res = await bff.call('GET', 'get-invoices', { user, query });
  expect(res.status).toBe(200);
  return res.body.invoices as Invoice[];
}

const visibleText = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

it('lists nothing before a purchase, and refuses any subscription id then', async () => {
  const user = await bff.newUser();
  const res = await bff.call('GET', 'get-invoices', { user });
  expect(res).toEqual({ status: 200, body: { subscriptionId: null, invoices: [] } });
  const named = await bff.call('GET', 'get-invoices', { user, query: { subscriptionId: 'sub_someoneelse' } });
  expect(named.status).toBe(403);
  expect(named.body.error?.code).toBe('FORBIDDEN');
});

it("lists nothing while the first payment is awaited, then the paid invoice and an add's, newest first, with receipts that open", async () => {
  const user = await bff.newUser();
  const { sec, customerId, subscriptionId } = await setUp(user, 2);
  // Stripe holds the checkout's first invoice, open; the billing history does not show it as owed.
  const [pending, ...more] = (await bff.stripe.invoices.list({ subscription: subscriptionId })).data;
  expect(more).toEqual([]);
  expect(pending).toMatchObject({ status: 'open', amount_due: 3000 });
  await expect(invoicesOf(user)).resolves.toEqual([]);

  const pi = await bff.stripe.paymentIntents.confirm(paymentIntentOf(sec), {
    payment_method: 'pm_card_visa',
  });
  const pmid = typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? '');
  expect((await bff.call('GET', 'complete-checkout', { user, query: { uid: user.uid, pmid } })).status).toBe(
    200,
  );
  const [first, ...none] = await invoicesOf(user, { subscriptionId });
  expect(none).toEqual([]);
  expect(first).toMatchObject({
    id: pending?.id,
    status: 'paid',
    total: 3000,
    amountPaid: 3000,
    amountRemaining: 0,
    currency: 'usd',
    hostedInvoiceUrl: `${bff.info.stripeApi}/invoices/${pending?.id}`,
    invoicePdf: `${bff.info.stripeApi}/invoices/${pending?.id}/pdf`,
  });
  expect(first?.number).toMatch(/^EMU-\d{6}$/);

  const add = await bff.call('PUT', 'add-licenses', { user, body: { customerId, subscriptionId, count: 1 } });
  expect(add.status).toBe(200);
  const after = await invoicesOf(user);
  expect(after).toHaveLength(2);
  const [latest, earliest] = after;
  expect(earliest?.id).toBe(first?.id);
  expect(latest?.status).toBe('paid');
  expect(latest?.amountPaid).toBeGreaterThan(0);
  expect(latest?.amountPaid).toBeLessThanOrEqual(1500);
  expect(latest?.created).toBeGreaterThanOrEqual(earliest?.created ?? Infinity);

  // Each receipt opens: the hosted page shows its number and amount, the PDF is a PDF.
  for (const invoice of after) {
    const page = await fetch(invoice.hostedInvoiceUrl ?? '');
    expect(page.status).toBe(200);
    const text = visibleText(await page.text());
    expect(text).toContain(`Invoice number ${invoice.number}`);
    expect(text).toContain(`Amount paid $${(invoice.amountPaid / 100).toFixed(2)}`);
    const pdf = await fetch(invoice.invoicePdf ?? '');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);
  }
});

it('lists nothing of a checkout cancelled before it was paid', async () => {
  const user = await bff.newUser();
  const { customerId, subscriptionId } = await setUp(user, 1);
  const cancel = await bff.call('PUT', 'cancel-checkout', { user, body: { customerId, subscriptionId } });
  expect(cancel.status).toBe(200);
  // Stripe keeps the voided first invoice; nothing was charged, so the history has nothing to show.
  const stripeInvoices = await bff.stripe.invoices.list({ subscription: subscriptionId });
  expect(stripeInvoices.data.map((i) => i.status)).toEqual(['void']);
  await expect(invoicesOf(user)).resolves.toEqual([]);
  await expect(invoicesOf(user, { subscriptionId })).resolves.toEqual([]);
});

it("answers 403 for another account's subscription and shows none of its invoices", async () => {
  const victim = await subscribed(1);
  const attacker = await subscribed(1);
  const res = await bff.call('GET', 'get-invoices', {
    user: attacker.user,
    query: { subscriptionId: victim.subscriptionId },
  });
  expect(res.status).toBe(403);
  expect(res.body.error?.code).toBe('FORBIDDEN');
  const victimIds = (await invoicesOf(victim.user)).map((i) => i.id);
  expect(victimIds).toHaveLength(1);
  const own = await invoicesOf(attacker.user);
  expect(own.map((i) => i.id).some((id) => victimIds.includes(id))).toBe(false);
  expect(JSON.stringify(res.body)).not.toContain(victimIds[0]);
});

it('answers 400 JSON for a malformed query and 401 without a token', async () => {
  const user = await bff.newUser();
  const queries: Record<string, string>[] = [
    { subscriptionId: 'nope' },
    { subscriptionId: 'sub_' },
    { uid: user.uid },
  ];
  for (const query of queries) {
    const res = await bff.call('GET', 'get-invoices', { user, query });
    expect({ query, status: res.status, code: res.body.error?.code }).toEqual({
      query,
      status: 400,
      code: 'INVALID_REQUEST',
    });
  }
  const anonymous = await bff.call('GET', 'get-invoices');
  expect(anonymous.status).toBe(401);
  // API Gateway's JWT authorizer answers before the handler, in its own shape.
  expect(anonymous.body).toEqual({ message: 'Unauthorized' });
});

// Last in the file: these move the emulator's clock on.
describe('as the clock passes', () => {
  it('lists nothing of a checkout left unpaid until Stripe expired it', async () => {
    const user = await bff.newUser();
    const { subscriptionId } = await setUp(user, 2);
    await advanceStripeClock(bff, 24 * 3600);
    await eventually(async () => {
      const sub = await bff.stripe.subscriptions.retrieve(subscriptionId);
      return sub.status === 'incomplete_expired';
    });
    await expect(invoicesOf(user)).resolves.toEqual([]);
  });

  it('lists a renewal the clock brings', async () => {
    const { user } = await subscribed(1);
    await advanceStripeClock(bff, 32 * 24 * 3600);
    const invoices = await eventually(async () => {
      const list = await invoicesOf(user);
      return list.length === 2 ? list : undefined;
    });
    expect(invoices.map((i) => [i.status, i.amountPaid])).toEqual([
      ['paid', 1500],
      ['paid', 1500],
    ]);
  });

  it('keeps a renewal that failed listed as owed, beside the paid first month', async () => {
    const { user, subscriptionId } = await subscribed(1);
    await useFailingCard(bff, user, subscriptionId);
    await advanceStripeClock(bff, 32 * 24 * 3600);
    const invoices = await eventually(async () => {
      const list = await invoicesOf(user);
      return list.length === 2 ? list : undefined;
    });
    expect(invoices.map((i) => [i.status, i.amountDue, i.amountPaid])).toEqual([
      ['open', 1500, 0],
      ['paid', 1500, 1500],
    ]);
    const sub = await bff.stripe.subscriptions.retrieve(subscriptionId);
    expect(sub.status).toBe('past_due');
  });
});

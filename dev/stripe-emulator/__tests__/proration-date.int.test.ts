import Stripe from 'stripe';
import type { StripeEmulator } from '../index';
import { advance, monthlyPrice, now, start } from './helpers';

// Proration dates as Stripe handles them: a preview without one prorates as of Stripe's now (a test
// clock's frozen time for a customer on one) and answers the time it used; an update given that time
// charges exactly what the preview showed, however far the clock has moved since; a date outside the
// current period is refused, and so is a preview date with proration_behavior none.

let emulator: StripeEmulator;
let stripe: Stripe;
let price: Stripe.Price;

beforeAll(async () => {
  ({ emulator, stripe } = await start());
  price = await monthlyPrice(stripe);
});
afterAll(() => emulator.stop());

async function subscription(testClock?: string): Promise<Stripe.Subscription> {
  const customer = await stripe.customers.create({
    email: 'quote@example.com',
    ...(testClock && { test_clock: testClock }),
  });
  const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
  return stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id, quantity: 1 }],
    default_payment_method: pm.id,
  });
}

const itemOf = (sub: Stripe.Subscription) => sub.items.data[0] as Stripe.SubscriptionItem;

const preview = (sub: Stripe.Subscription, details: Stripe.InvoiceCreatePreviewParams.SubscriptionDetails) =>
  stripe.invoices.createPreview({
    subscription: sub.id,
    subscription_details: {
      items: [{ id: itemOf(sub).id, quantity: 3 }],
      proration_behavior: 'always_invoice',
      ...details,
    },
  });

async function refusal(p: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof Stripe.errors.StripeError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return err;
}

test("a preview's proration date, passed to the update, charges the previewed amount after the clock moved", async () => {
  const sub = await subscription();
  await advance(emulator, { seconds: 10 * 86400 });
  // The clock runs on between the calls, so "now" is the second the preview was answered in.
  const before = await now(emulator);
  const quote = await preview(sub, {});
  const after = await now(emulator);
  const at = quote.parent?.subscription_details?.subscription_proration_date;
  expect(at).toBeGreaterThanOrEqual(before);
  expect(at).toBeLessThanOrEqual(after);
  await advance(emulator, { seconds: 2 * 86400 });

  const updated = await stripe.subscriptions.update(sub.id, {
    items: [{ id: itemOf(sub).id, quantity: 3 }],
    proration_behavior: 'always_invoice',
    proration_date: at,
    payment_behavior: 'error_if_incomplete',
  });
  const invoice = await stripe.invoices.retrieve(updated.latest_invoice as string);
  expect(invoice.amount_paid).toBe(quote.amount_due);
  expect(invoice.lines.data.map((l) => l.period.start)).toEqual([at, at]);
  // Without the date, the update prorates as of now: two days less of the period, a smaller charge.
  const later = await preview(updated, { items: [{ id: itemOf(sub).id, quantity: 4 }] });
  expect(later.amount_due).toBeLessThan(quote.amount_due / 2);
});

test('a proration date outside the current period is refused by the preview and the update, which changes nothing', async () => {
  const sub = await subscription();
  const { current_period_start: periodStart, current_period_end: periodEnd } = itemOf(sub);
  for (const date of [periodStart - 1, periodEnd + 1]) {
    const previewed = await refusal(preview(sub, { proration_date: date }));
    expect(previewed.statusCode).toBe(400);
    expect(previewed.param).toBe('subscription_details[proration_date]');
    const updating = await refusal(
      stripe.subscriptions.update(sub.id, {
        items: [{ id: itemOf(sub).id, quantity: 3 }],
        proration_behavior: 'always_invoice',
        proration_date: date,
      }),
    );
    expect(updating.statusCode).toBe(400);
    expect(updating.param).toBe('proration_date');
  }
  expect(itemOf(await stripe.subscriptions.retrieve(sub.id)).quantity).toBe(1);
  const none = await refusal(preview(sub, { proration_date: periodStart, proration_behavior: 'none' }));
  expect(none.statusCode).toBe(400);
});

test("a customer on a test clock is prorated at the clock's frozen time, not the emulator's later one", async () => {
  const frozen = await now(emulator);
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: frozen });
  const sub = await subscription(clock.id);
  expect(itemOf(sub).current_period_start).toBe(frozen);
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: frozen + 86400 });
  // Another clock moves the emulator's clock further; this customer's time stays its clock's.
  const other = await stripe.testHelpers.testClocks.create({ frozen_time: frozen });
  await stripe.testHelpers.testClocks.advance(other.id, { frozen_time: frozen + 5 * 86400 });
  const quote = await preview(sub, {});
  expect(quote.parent?.subscription_details?.subscription_proration_date).toBe(frozen + 86400);
});

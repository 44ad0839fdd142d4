import Stripe from 'stripe';
import type { StripeEmulator } from '../index';
import { advance, monthlyPrice, now, Receiver, start } from './helpers';

let emulator: StripeEmulator;
let stripe: Stripe;
let receiver: Receiver;
let price: Stripe.Price;

beforeAll(async () => {
  ({ emulator, stripe } = await start({ webhookSecret: 'whsec_lifecycle' }));
  receiver = new Receiver(stripe, () => emulator.webhookSecret);
  emulator.setWebhookUrl(await receiver.start());
  price = await monthlyPrice(stripe);
});

afterAll(async () => {
  await emulator.stop();
  await receiver.stop();
});

async function customerWithSubscription(card = 'pm_card_visa', quantity = 2) {
  const customer = await stripe.customers.create({ email: 'ada@example.com', metadata: { uid: 'u-ada' } });
  const created = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id, quantity }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    expand: ['latest_invoice.confirmation_secret'],
    metadata: { uid: 'u-ada' },
  });
  const invoice = created.latest_invoice as Stripe.Invoice;
  const secret = invoice.confirmation_secret?.client_secret as string;
  const piId = secret.split('_secret_')[0] as string;
  const pi = await stripe.paymentIntents.confirm(piId, { payment_method: card });
  return { customer, created, invoice, pi };
}

test('the first payment turns an incomplete subscription active and saves the card', async () => {
  const { customer, created, invoice, pi } = await customerWithSubscription();
  expect(created.status).toBe('incomplete');
  expect(created.items.data[0]?.quantity).toBe(2);
  expect(created.items.data[0]?.current_period_end).toBeGreaterThan(
    created.items.data[0]?.current_period_start ?? 0,
  );
  expect(invoice.status).toBe('open');
  expect(invoice.amount_due).toBe(3000);
  expect(invoice.billing_reason).toBe('subscription_create');
  expect(invoice.parent?.subscription_details?.subscription).toBe(created.id);
  expect(invoice.confirmation_secret?.type).toBe('payment_intent');
  expect(pi.status).toBe('succeeded');

  const sub = await stripe.subscriptions.retrieve(created.id, { expand: ['latest_invoice.payments'] });
  expect(sub.status).toBe('active');
  expect(sub.default_payment_method).toBe(pi.payment_method);
  const paid = sub.latest_invoice as Stripe.Invoice;
  expect(paid.status).toBe('paid');
  expect(paid.amount_paid).toBe(3000);
  expect(paid.payments?.data[0]?.payment.payment_intent).toBe(pi.id);
  const pm = await stripe.paymentMethods.retrieve(pi.payment_method as string);
  expect(pm.customer).toBe(customer.id);
  expect(pm.card?.brand).toBe('visa');
  expect(pm.card?.last4).toBe('4242');

  await receiver.waitFor(
    (e) => e.type === 'invoice.paid' && (e.data.object as Stripe.Invoice).id === invoice.id,
  );
  const updated = await receiver.waitFor(
    (e) => e.type === 'customer.subscription.updated' && (e.data.object as Stripe.Subscription).id === sub.id,
  );
  expect((updated.data.object as Stripe.Subscription).status).toBe('active');
  expect(updated.data.previous_attributes).toMatchObject({ status: 'incomplete' });
  expect(receiver.types()).toEqual(
    expect.arrayContaining(['customer.subscription.created', 'payment_intent.succeeded', 'invoice.paid']),
  );
});

test('adding licenses charges the prorated amount at once; a declined add changes nothing', async () => {
  const { created } = await customerWithSubscription();
  const item = created.items.data[0] as Stripe.SubscriptionItem;
  const at = await now(emulator);
  const updated = await stripe.subscriptions.update(created.id, {
    items: [{ id: item.id, quantity: 3 }],
    proration_behavior: 'always_invoice',
    payment_behavior: 'error_if_incomplete',
    proration_date: at,
    expand: ['latest_invoice'],
  });
  expect(updated.items.data[0]?.quantity).toBe(3);
  const invoice = updated.latest_invoice as Stripe.Invoice;
  const fraction = (item.current_period_end - at) / (item.current_period_end - item.current_period_start);
  expect(invoice.amount_due).toBe(Math.round(1500 * 1 * fraction));
  expect(invoice.status).toBe('paid');
  expect(invoice.billing_reason).toBe('subscription_update');
  expect(invoice.lines.data.every((l) => l.parent?.subscription_item_details?.proration)).toBe(true);

  // A card that attaches but cannot be charged becomes the default; the next add is refused.
  const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
    customer: created.customer as string,
  });
  await stripe.subscriptions.update(created.id, { default_payment_method: failing.id });
  const refused = await stripe.subscriptions
    .update(created.id, {
      items: [{ id: item.id, quantity: 5 }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    })
    .catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(Stripe.errors.StripeCardError);
  const cardError = refused as Stripe.errors.StripeCardError;
  expect(cardError.statusCode).toBe(402);
  expect(cardError.code).toBe('card_declined');
  expect(cardError.decline_code).toBe('generic_decline');
  expect(cardError.message).toBe('Your card was declined.');
  const after = await stripe.subscriptions.retrieve(created.id);
  expect(after.items.data[0]?.quantity).toBe(3);
  expect(after.status).toBe('active');

  // pending_if_incomplete keeps the change pending until the invoice is paid.
  const pending = await stripe.subscriptions.update(created.id, {
    items: [{ id: item.id, quantity: 4 }],
    proration_behavior: 'always_invoice',
    payment_behavior: 'pending_if_incomplete',
  });
  expect(pending.items.data[0]?.quantity).toBe(3);
  expect(pending.pending_update?.subscription_items?.[0]?.quantity).toBe(4);
  const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer: created.customer as string });
  await stripe.invoices.pay(pending.latest_invoice as string, { payment_method: visa.id });
  const applied = await stripe.subscriptions.retrieve(created.id);
  expect(applied.items.data[0]?.quantity).toBe(4);
  expect(applied.pending_update).toBeNull();
});

test('a preview quotes the prorated charge for more licenses', async () => {
  const { created } = await customerWithSubscription();
  const item = created.items.data[0] as Stripe.SubscriptionItem;
  const at = await now(emulator);
  const preview = await stripe.invoices.createPreview({
    customer: created.customer as string,
    subscription: created.id,
    subscription_details: {
      items: [{ id: item.id, quantity: 5 }],
      proration_behavior: 'always_invoice',
      proration_date: at,
    },
  });
  const fraction = (item.current_period_end - at) / (item.current_period_end - item.current_period_start);
  expect(preview.amount_due).toBe(Math.round(1500 * 3 * fraction));
  expect(preview.total).toBe(preview.amount_due);
  expect(preview.lines.data.length).toBe(2);
  expect(preview.parent?.subscription_details?.subscription_proration_date).toBe(at);
  const unchanged = await stripe.subscriptions.retrieve(created.id);
  expect(unchanged.items.data[0]?.quantity).toBe(2);
});

test('the clock renews, fails a renewal, and ends subscriptions set to cancel', async () => {
  const good = await customerWithSubscription();
  const failing = await customerWithSubscription('pm_card_visa');
  const badCard = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
    customer: failing.customer.id,
  });
  await stripe.subscriptions.update(failing.created.id, { default_payment_method: badCard.id });
  const ending = await customerWithSubscription();
  await stripe.subscriptions.update(ending.created.id, { cancel_at_period_end: true });
  const canceled = await customerWithSubscription();
  const gone = await stripe.subscriptions.cancel(canceled.created.id);
  expect(gone.status).toBe('canceled');

  const end = good.created.items.data[0]?.current_period_end as number;
  await advance(emulator, { to: end + 60 });

  const renewed = await stripe.subscriptions.retrieve(good.created.id, { expand: ['latest_invoice'] });
  expect(renewed.status).toBe('active');
  expect(renewed.items.data[0]?.current_period_start).toBe(end);
  expect(renewed.items.data[0]?.current_period_end).toBeGreaterThan(end + 27 * 86400);
  const cycle = renewed.latest_invoice as Stripe.Invoice;
  expect(cycle.billing_reason).toBe('subscription_cycle');
  expect(cycle.status).toBe('paid');
  expect(cycle.amount_paid).toBe(3000);

  const pastDue = await stripe.subscriptions.retrieve(failing.created.id, { expand: ['latest_invoice'] });
  expect(pastDue.status).toBe('past_due');
  expect((pastDue.latest_invoice as Stripe.Invoice).status).toBe('open');
  await receiver.waitFor(
    (e) =>
      e.type === 'invoice.payment_failed' &&
      (e.data.object as Stripe.Invoice).parent?.subscription_details?.subscription === failing.created.id,
  );

  const ended = await stripe.subscriptions.retrieve(ending.created.id);
  expect(ended.status).toBe('canceled');
  await receiver.waitFor(
    (e) =>
      e.type === 'customer.subscription.deleted' &&
      (e.data.object as Stripe.Subscription).id === ending.created.id,
  );
  await receiver.waitFor(
    (e) =>
      e.type === 'customer.subscription.deleted' &&
      (e.data.object as Stripe.Subscription).id === canceled.created.id,
  );
  const open = await stripe.invoices.list({ subscription: failing.created.id, status: 'open' });
  expect(open.data).toHaveLength(1);
  const active = await stripe.subscriptions.list({ customer: good.customer.id, status: 'active' });
  expect(active.data.map((s) => s.id)).toEqual([good.created.id]);
});

test('a declined first payment answers 402 and leaves the intent awaiting a new card', async () => {
  const customer = await stripe.customers.create({ email: 'bob@example.com' });
  const sub = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id, quantity: 1 }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    expand: ['latest_invoice.confirmation_secret'],
  });
  const secret = (sub.latest_invoice as Stripe.Invoice).confirmation_secret?.client_secret as string;
  const piId = secret.split('_secret_')[0] as string;
  const err = (await stripe.paymentIntents
    .confirm(piId, { payment_method: 'pm_card_chargeDeclinedInsufficientFunds' })
    .catch((e: unknown) => e)) as Stripe.errors.StripeCardError;
  expect(err.statusCode).toBe(402);
  expect(err.decline_code).toBe('insufficient_funds');
  expect(err.message).toBe('Your card has insufficient funds.');
  const pi = await stripe.paymentIntents.retrieve(piId);
  expect(pi.status).toBe('requires_payment_method');
  expect(pi.last_payment_error?.code).toBe('card_declined');
  const ok = await stripe.paymentIntents.confirm(piId, {
    payment_method_data: {
      type: 'card',
      card: { number: '5555555555554444', exp_month: 12, exp_year: 2040, cvc: '123' },
    } as Stripe.PaymentIntentConfirmParams.PaymentMethodData,
  });
  expect(ok.status).toBe('succeeded');
  expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
  await receiver.waitFor(
    (e) => e.type === 'payment_intent.payment_failed' && (e.data.object as Stripe.PaymentIntent).id === piId,
  );
});

test('updates by price or through the item; create_prorations bills at the next renewal', async () => {
  const { created } = await customerWithSubscription();
  const item = created.items.data[0] as Stripe.SubscriptionItem;
  const byPrice = await stripe.subscriptions.update(created.id, {
    items: [{ price: price.id, quantity: 4 }],
    proration_behavior: 'create_prorations',
  });
  expect(byPrice.items.data).toHaveLength(1);
  expect(byPrice.items.data[0]?.quantity).toBe(4);
  const viaItem = await stripe.subscriptionItems.update(item.id, { quantity: 3, proration_behavior: 'none' });
  expect(viaItem.quantity).toBe(3);
  const preview = await stripe.invoices.createPreview({ subscription: created.id });
  expect(preview.lines.data.some((l) => l.parent?.subscription_item_details?.proration)).toBe(true);
  await advance(emulator, { to: item.current_period_end + 60 });
  const renewed = await stripe.subscriptions.retrieve(created.id, { expand: ['latest_invoice'] });
  const invoice = renewed.latest_invoice as Stripe.Invoice;
  expect(invoice.total).toBe(preview.total);
  expect(invoice.status).toBe('paid');
});

test('a first invoice left unpaid 23 hours expires the subscription and voids the invoice, as Stripe does', async () => {
  const customer = await stripe.customers.create({ email: 'lin@example.com' });
  const created = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id, quantity: 1 }],
    payment_behavior: 'default_incomplete',
  });
  expect(created.status).toBe('incomplete');
  await advance(emulator, { seconds: 23 * 3600 + 1 });
  const expired = await stripe.subscriptions.retrieve(created.id);
  expect(expired.status).toBe('incomplete_expired');
  const invoice = await stripe.invoices.retrieve(String(created.latest_invoice));
  expect(invoice.status).toBe('void');
  expect(invoice.status_transitions.voided_at).not.toBeNull();
  await receiver.waitFor(
    (e) => e.type === 'invoice.voided' && (e.data.object as Stripe.Invoice).id === invoice.id,
  );
});

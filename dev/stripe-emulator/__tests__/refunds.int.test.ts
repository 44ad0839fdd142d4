import Stripe from 'stripe';
import { monthlyPrice, Receiver, start } from './helpers';

// Refunds as Stripe makes them: by payment intent or charge, whole or in parts, never beyond what was
// received, once per idempotency key; the charge shows the refunded amount; refund.created and
// charge.refunded are announced. An invoice's payments are listed under /v1/invoice_payments.

async function caught(p: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof Stripe.errors.StripeError))
    throw new Error(`expected a Stripe error, got ${String(err)}`);
  return err;
}

test('a paid subscription invoice is refunded through its invoice payment', async () => {
  const { emulator, stripe } = await start({ webhookSecret: 'whsec_test_secret' });
  const receiver = new Receiver(stripe, () => 'whsec_test_secret');
  try {
    emulator.setWebhookUrl(await receiver.start());
    const price = await monthlyPrice(stripe);
    const customer = await stripe.customers.create({ email: 'refund@example.com' });
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: 2 }],
      default_payment_method: pm.id,
    });
    const invoice = await stripe.invoices.retrieve(String(sub.latest_invoice), { expand: ['payments'] });
    expect(invoice.status).toBe('paid');
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id ?? '' });
    expect(payments.data.map((p) => p.id)).toEqual(invoice.payments?.data.map((p) => p.id));
    const paid = payments.data[0];
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 3000 });
    expect((await stripe.invoicePayments.retrieve(paid?.id ?? '')).invoice).toBe(invoice.id);
    const intent = String(paid?.payment.payment_intent);

    // A part, then the rest by charge; once with the same key; never beyond what was received.
    const part = await stripe.refunds.create(
      { payment_intent: intent, amount: 1000, reason: 'duplicate', metadata: { why: 'test' } },
      { idempotencyKey: 'refund-part' },
    );
    expect(part).toMatchObject({
      object: 'refund',
      amount: 1000,
      status: 'succeeded',
      payment_intent: intent,
    });
    const replay = await stripe.refunds.create(
      { payment_intent: intent, amount: 1000, reason: 'duplicate', metadata: { why: 'test' } },
      { idempotencyKey: 'refund-part' },
    );
    expect(replay.id).toBe(part.id);
    const tooMuch = await caught(stripe.refunds.create({ payment_intent: intent, amount: 2500 }));
    expect(tooMuch.code).toBe('amount_too_large');
    const rest = await stripe.refunds.create({ charge: String(part.charge) });
    expect(rest.amount).toBe(2000);
    const again = await caught(stripe.refunds.create({ payment_intent: intent }));
    expect(again.code).toBe('charge_already_refunded');

    expect((await stripe.refunds.retrieve(part.id)).metadata).toEqual({ why: 'test' });
    const listed = await stripe.refunds.list({ payment_intent: intent });
    expect(listed.data.map((r) => r.id)).toEqual([rest.id, part.id]);
    const charge = await stripe.charges.retrieve(String(part.charge));
    expect(charge).toMatchObject({
      amount: 3000,
      amount_refunded: 3000,
      refunded: true,
      payment_intent: intent,
    });
    expect((await caught(stripe.refunds.retrieve('re_missing'))).statusCode).toBe(404);

    const created = await receiver.waitFor(
      (e) => e.type === 'refund.created' && (e.data.object as Stripe.Refund).id === rest.id,
    );
    expect((created.data.object as Stripe.Refund).amount).toBe(2000);
    const refunded = await receiver.waitFor(
      (e) => e.type === 'charge.refunded' && (e.data.object as Stripe.Charge).refunded,
    );
    expect(refunded.data.previous_attributes).toEqual({ amount_refunded: 1000 });
  } finally {
    await receiver.stop();
    await emulator.stop();
  }
});

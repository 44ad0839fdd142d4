import { setTimeout as sleep } from 'node:timers/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startStripeEmulator, type StripeEmulator } from '../../dev/stripe-emulator';
import { errorToResult } from '../lib/http';
import * as lib from '../lib/stripe';
import {
  CardRefusedError,
  InvalidWebhookSignatureError,
  RequestInProgressError,
  UnknownPaymentMethodError,
} from '../lib/errors';
import { toDomainError } from '../lib/stripe/domain-errors';
import { lowerRenewingKey, raiseQuantityKey } from '../money/retry-keys';

// lib/stripe/ through the SDK against the Stripe emulator: every call the BFF makes, the expand
// lists, idempotent replays and conflicts, card declines, resource_missing, the instance rebuilt for a
// new secret key, and a webhook delivery checked with constructEventAsync. The Stripe secrets are
// stubbed, so the test needs no Secrets Manager.

const mockSecrets = { secretKey: 'sk_test_lib', webhookSecret: '' };
jest.mock('../lib/secrets', () => ({ getStripeSecrets: () => Promise.resolve({ ...mockSecrets }) }));

let emulator: StripeEmulator;
let receiver: Server;
const deliveries: { body: string; signature: string }[] = [];
let priceId: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  emulator = await startStripeEmulator({ port: 0, webhookUrl });
  process.env.STRIPE_API_URL = emulator.url;
  mockSecrets.webhookSecret = emulator.webhookSecret;

  // An instance of its own: lib's getConfig() must first see STRIPE_PRICE_ID, known once the price exists.
  const url = new URL(emulator.url);
  const stripe = new Stripe('sk_test_setup', {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
  const product = await stripe.products.create({ name: 'Stockbench license' });
  const price = await stripe.prices.create({
    product: product.id,
    unit_amount: 1500,
    currency: 'usd',
    recurring: { interval: 'month' },
  });
  priceId = price.id;
  process.env.STRIPE_PRICE_ID = priceId;
});

afterAll(async () => {
  await emulator.stop();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const event = { requestContext: { requestId: 'r1' } } as Parameters<typeof errorToResult>[1];

async function activeSubscription(
  customerId: string,
  pmId: string,
  quantity = 2,
): Promise<Stripe.Subscription> {
  const stripe = await lib.getStripe();
  const created = await stripe.subscriptions.create({
    customer: customerId,
    items: [{ price: priceId, quantity }],
    default_payment_method: pmId,
  });
  return lib.retrieveSubscription(created.id);
}

async function advanceClock(seconds: number): Promise<void> {
  const res = await fetch(`${emulator.url}/_emulator/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  if (!res.ok) throw new Error(await res.text());
}

test('one SDK instance, rebuilt only when the secret key changes', async () => {
  const first = await lib.getStripe();
  expect(await lib.getStripe()).toBe(first);
  mockSecrets.secretKey = 'sk_test_rotated';
  try {
    const rotated = await lib.getStripe();
    expect(rotated).not.toBe(first);
    expect(await lib.getStripe()).toBe(rotated);
    await expect(lib.createCustomer('uid-rotated', undefined, 'a1')).resolves.toMatch(/^cus_/);
  } finally {
    mockSecrets.secretKey = 'sk_test_lib';
  }
});

test('customers: create is idempotent per run, found again by uid, a changed request under the same key is refused', async () => {
  const id = await lib.createCustomer('uid-1', 'one@example.com', 'run-1');
  expect(id).toMatch(/^cus_/);
  // The same key and request replay the first answer: the key reached Stripe.
  await expect(lib.createCustomer('uid-1', 'one@example.com', 'run-1')).resolves.toBe(id);
  // A later run finds it by the user's uid rather than creating another.
  await expect(lib.findCustomerOf('uid-1', 'one@example.com')).resolves.toBe(id);
  await expect(lib.findCustomerOf('uid-other', 'one@example.com')).resolves.toBeUndefined();
  const conflict = await lib.createCustomer('uid-1', 'other@example.com', 'run-1').catch((e: unknown) => e);
  expect(conflict).toBeInstanceOf(RequestInProgressError);
  expect(conflict).toMatchObject({ cause: { rawType: 'idempotency_error', statusCode: 400 } });
  expect(errorToResult(conflict, event).statusCode).toBe(409);
  // Stripe's 409 for a key whose first request is still running (the emulator runs each request at once,
  // so it never answers this): after its retries the SDK reports a StripeAPIError.
  const inProgress = new Stripe.errors.StripeAPIError({
    type: 'idempotency_error',
    code: 'idempotency_key_in_use',
    statusCode: 409,
    message: 'There is currently another in-progress request using this idempotent key.',
  });
  expect(errorToResult(toDomainError(inProgress), event).statusCode).toBe(409);
  await lib.updateCustomerEmail(id, 'changed@example.com');
  const stripe = await lib.getStripe();
  await expect(stripe.customers.retrieve(id)).resolves.toMatchObject({
    email: 'changed@example.com',
    metadata: { uid: 'uid-1' },
  });
});

test('checkout: an incomplete subscription with its confirmation secret expanded, found again by uid', async () => {
  const customerId = await lib.createCustomer('uid-2', 'two@example.com', 'run-1');
  const args = { uid: 'uid-2', customerId, count: 3, attempt: 'run-1' };
  const sub = await lib.createIncompleteSubscription(args);
  expect(sub.status).toBe('incomplete');
  expect(lib.licenseItem(sub).quantity).toBe(3);
  expect(lib.clientSecretOf(sub)).toEqual(expect.stringContaining('_secret_'));
  // The SDK's own retry (the same run's key) reaches the same subscription.
  expect((await lib.createIncompleteSubscription(args)).id).toBe(sub.id);
  const [pending, ...more] = await lib.pendingCheckoutsOf(customerId, 'uid-2');
  expect(more).toHaveLength(0);
  expect(pending?.id).toBe(sub.id);
  expect(lib.clientSecretOf(pending as Stripe.Subscription)).toBe(lib.clientSecretOf(sub));
  await expect(lib.pendingCheckoutsOf(customerId, 'uid-other')).resolves.toHaveLength(0);
  const cancelled = await lib.cancelSubscription(sub.id);
  // Canceled before its first payment expired (incomplete_expired is what 23 hours unpaid gives).
  expect(cancelled.status).toBe('canceled');
  await expect(lib.pendingCheckoutsOf(customerId, 'uid-2')).resolves.toHaveLength(0);
});

test('licenses: retrieve with expand, preview, raise, lower, decline', async () => {
  const customerId = await lib.createCustomer('uid-3', 'three@example.com', 'run-1');
  const visa = await lib.attachPaymentMethod('pm_card_visa', customerId);
  expect(visa.card?.brand).toBe('visa');
  const sub = await activeSubscription(customerId, visa.id);
  expect(sub.status).toBe('active');
  const snapshot = lib.snapshotOf(sub);
  expect(snapshot).toMatchObject({ quantity: 2, renewing: 2, cardBrand: 'visa', cardLast4: '4242' });

  const preview = await lib.previewRaise(sub, 4);
  expect(preview.amountDue).toBeGreaterThan(0);
  expect(preview.amountDue).toBeLessThanOrEqual(2 * 1500);
  expect(preview.prorationDate).toBeGreaterThanOrEqual(lib.licenseItem(sub).current_period_start);

  const raised = await lib.raiseQuantity(
    sub,
    4,
    raiseQuantityKey(lib.keySourceOf(sub), 4, undefined, preview.prorationDate),
    undefined,
    preview.prorationDate,
  );
  expect(lib.licenseItem(raised).quantity).toBe(4);
  expect(typeof raised.default_payment_method).toBe('object'); // the expand list went through

  const lowered = await lib.lowerRenewingQuantity(raised, 1, lowerRenewingKey(lib.keySourceOf(raised), 1));
  expect(lib.licenseItem(lowered).quantity).toBe(1);
  const ending = await lib.lowerRenewingQuantity(lowered, 0, lowerRenewingKey(lib.keySourceOf(lowered), 0));
  expect(ending.cancel_at_period_end).toBe(true);

  // A declining card is refused when attached; one that attaches but fails its charges refuses the
  // raise as a whole, as a 402 with the card's code.
  const attachDeclined = await lib
    .attachPaymentMethod('pm_card_chargeDeclined', customerId)
    .catch((e: unknown) => e);
  expect(attachDeclined).toBeInstanceOf(CardRefusedError);
  expect(attachDeclined).toMatchObject({
    reason: 'card_declined',
    cause: { code: 'card_declined', decline_code: 'generic_decline' },
  });
  const declining = await lib.attachPaymentMethod('pm_card_chargeCustomerFail', customerId);
  const switched = await lib.setDefaultPaymentMethod(customerId, sub.id, declining.id);
  expect(typeof switched.default_payment_method === 'object' && switched.default_payment_method?.id).toBe(
    declining.id,
  );
  const declined = await lib
    .raiseQuantity(switched, 5, raiseQuantityKey(lib.keySourceOf(switched), 5))
    .catch((e: unknown) => e);
  expect(declined).toBeInstanceOf(CardRefusedError);
  expect(declined).toMatchObject({
    reason: 'card_declined',
    cause: { rawType: 'card_error', code: 'card_declined', statusCode: 402 },
  });
  const result = errorToResult(declined, event);
  expect(result.statusCode).toBe(402);
  expect(JSON.parse(String(result.body))).toMatchObject({ error: { code: 'CARD_DECLINED' } });
  expect(lib.licenseItem(await lib.retrieveSubscription(sub.id)).quantity).toBe(1);
});

test('a past-due subscription pays its open invoice with a new card', async () => {
  const customerId = await lib.createCustomer('uid-4', 'four@example.com', 'run-1');
  const visa = await lib.attachPaymentMethod('pm_card_visa', customerId);
  const sub = await activeSubscription(customerId, visa.id, 1);
  const failing = await lib.attachPaymentMethod('pm_card_chargeCustomerFail', customerId);
  await lib.setDefaultPaymentMethod(customerId, sub.id, failing.id);
  await advanceClock(32 * 24 * 3600);
  expect((await lib.retrieveSubscription(sub.id)).status).toBe('past_due');

  const good = await lib.attachPaymentMethod('pm_card_mastercard', customerId);
  await lib.setDefaultPaymentMethod(customerId, sub.id, good.id);
  await expect(lib.payOpenInvoices(sub.id, good.id)).resolves.toBe(1);
  expect((await lib.retrieveSubscription(sub.id)).status).toBe('active');
});

test('resource_missing: an unknown card is bad input, a deleted customer is fine', async () => {
  const unknown = await lib.retrievePaymentMethod('pm_doesnotexist').catch((e: unknown) => e);
  expect(unknown).toBeInstanceOf(UnknownPaymentMethodError);
  const answer = errorToResult(unknown, event);
  expect(answer.statusCode).toBe(400);
  expect(JSON.parse(String(answer.body))).toEqual({
    error: { code: 'UNKNOWN_PAYMENT_METHOD', message: 'The payment method does not exist.' },
  });
  const customerId = await lib.createCustomer('uid-5', undefined, 'run-1');
  await expect(lib.deleteCustomer(customerId)).resolves.toBe(true);
  await expect(lib.deleteCustomer(customerId)).resolves.toBe(false);
  await expect(lib.deleteCustomer('cus_doesnotexist')).resolves.toBe(false);
  const missing = await lib.retrieveSubscription('sub_nope').catch((e: unknown) => e);
  expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  expect(missing).toMatchObject({ code: 'resource_missing', statusCode: 404 });
});

test('webhooks: a delivery verifies with constructEventAsync, a tampered one does not', async () => {
  const deadline = Date.now() + 10_000;
  while (deliveries.length === 0 && Date.now() < deadline) await sleep(50);
  const delivery = deliveries[0];
  if (!delivery) throw new Error('no webhook delivery');
  const parsed = await lib.constructWebhookEvent(delivery.body, delivery.signature);
  expect(parsed).toMatchObject({ object: 'event', id: expect.stringMatching(/^evt_/) as unknown });
  await expect(
    lib.constructWebhookEvent(delivery.body.replace('"object"', '"object" '), delivery.signature),
  ).rejects.toBeInstanceOf(InvalidWebhookSignatureError);
});

import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import {
  parseSignatureHeader,
  StripeSignatureVerificationError,
  verifyStripeSignature,
} from '../lib/stripe-signature';

// Our webhook signature check against headers made by the SDK's own test helper.

const sdk = new Stripe('sk_test_x');
const secret = 'whsec_test_secret';
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } });

const header = (opts: { payload?: string; secret?: string; timestamp?: number } = {}): string =>
  sdk.webhooks.generateTestHeaderString({
    payload: opts.payload ?? payload,
    secret: opts.secret ?? secret,
    ...(opts.timestamp !== undefined && { timestamp: opts.timestamp }),
  });

const failure = (fn: () => void): unknown => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
};

const rejects = (fn: () => void, message: RegExp): void => {
  const err = failure(fn);
  expect(err).toBeInstanceOf(StripeSignatureVerificationError);
  expect(err).toMatchObject({
    type: 'StripeSignatureVerificationError',
    message: expect.stringMatching(message),
  });
};

describe('verifyStripeSignature', () => {
  it('accepts a header made by the SDK', () => {
    expect(() => verifyStripeSignature(payload, header(), secret)).not.toThrow();
    // And the SDK agrees on the same inputs.
    expect(sdk.webhooks.constructEvent(payload, header(), secret).id).toBe('evt_1');
  });

  it('refuses a tampered body', () => {
    rejects(
      () => verifyStripeSignature(payload.replace('evt_1', 'evt_2'), header(), secret),
      /No signatures found matching/,
    );
  });

  it('refuses a wrong secret', () => {
    rejects(
      () => verifyStripeSignature(payload, header({ secret: 'whsec_other' }), secret),
      /No signatures found matching/,
    );
  });

  it('refuses a timestamp older than 300 s, accepts one just inside', () => {
    const now = Date.now();
    const t = Math.floor(now / 1000);
    rejects(
      () => verifyStripeSignature(payload, header({ timestamp: t - 301 }), secret, { nowMs: now }),
      /tolerance/,
    );
    expect(() =>
      verifyStripeSignature(payload, header({ timestamp: t - 299 }), secret, { nowMs: now }),
    ).not.toThrow();
    // A re-signed old timestamp is still old: the timestamp is under the signature.
    const old = header({ timestamp: t - 3600 });
    rejects(() => verifyStripeSignature(payload, old, secret), /tolerance/);
  });

  it('accepts when one of several v1 signatures matches (secret rolling), in any position', () => {
    const good = header();
    const { timestamp, signatures } = parseSignatureHeader(good);
    const other = createHmac('sha256', 'whsec_old').update(`${timestamp}.${payload}`).digest('hex');
    const many = `t=${timestamp},v1=${other},v0=${'0'.repeat(64)},v1=${signatures[0]}`;
    expect(() => verifyStripeSignature(payload, many, secret)).not.toThrow();
    expect(sdk.webhooks.constructEvent(payload, many, secret).id).toBe('evt_1');
    rejects(
      () => verifyStripeSignature(payload, `t=${timestamp},v1=${other},v1=${'a'.repeat(64)}`, secret),
      /matching/,
    );
  });

  it('refuses a missing header, a header without timestamp or v1, and a blank secret', () => {
    rejects(() => verifyStripeSignature(payload, undefined, secret), /No stripe-signature header/);
    rejects(() => verifyStripeSignature(payload, '', secret), /No stripe-signature header/);
    rejects(() => verifyStripeSignature(payload, 'v1=abc', secret), /timestamp/);
    rejects(
      () => verifyStripeSignature(payload, `t=${Math.floor(Date.now() / 1000)},v0=abc`, secret),
      /No signatures found with expected scheme/,
    );
    rejects(() => verifyStripeSignature(payload, header(), ''), /secret/);
    rejects(() => verifyStripeSignature('', header({ payload: '' }), secret), /payload/);
  });

  it('refuses a signature of different length or case without throwing anything else', () => {
    const { timestamp, signatures } = parseSignatureHeader(header());
    const sig = signatures[0] ?? '';
    rejects(() => verifyStripeSignature(payload, `t=${timestamp},v1=${sig.slice(2)}`, secret), /matching/);
    rejects(
      () => verifyStripeSignature(payload, `t=${timestamp},v1=${sig.toUpperCase()}`, secret),
      /matching/,
    );
  });
});

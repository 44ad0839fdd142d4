import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { SecretNotConfiguredError } from '../lib/errors';
import Stripe from 'stripe';
import {
  errorToResult,
  ApiError,
  GENERIC_MESSAGE,
  log,
  ok,
  PAYMENT_METHOD_UNUSABLE_MESSAGE,
  apiHandler,
} from '../lib/http';
import { toDomainError } from '../lib/stripe/domain-errors';
import { handler as assignLicense } from '../endpoints/assign-license/handler';
import type { ApiEvent } from '../lib/auth';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '../lib/origin-check';
import * as z from 'zod/mini';
import { fields } from '../contracts/fields';
import { health } from '../endpoints/health/contract';
import { MAX_BODY_BYTES, parseJsonBody, parseQuery, rawBody } from '../lib/request';
import { captureLogs, type LogCapture } from './support/log-lines';

type Parts = Pick<APIGatewayProxyEventV2, 'body' | 'isBase64Encoded' | 'queryStringParameters'>;
const ev = (body: string | undefined, isBase64Encoded = false): Parts => ({ body, isBase64Encoded });
const schema = z.strictObject({ uid: fields.uid, count: fields.count });

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return `${err.statusCode} ${err.code}`;
    throw err;
  }
  return 'ok';
}

describe('request parsing', () => {
  it('accepts a valid body, plain or base64', () => {
    const text = JSON.stringify({ uid: 'u-1', count: 3 });
    expect(parseJsonBody(ev(text), schema)).toEqual({ uid: 'u-1', count: 3 });
    expect(parseJsonBody(ev(Buffer.from(text).toString('base64'), true), schema)).toEqual({
      uid: 'u-1',
      count: 3,
    });
    expect(rawBody(ev(Buffer.from('é').toString('base64'), true))).toBe('é');
  });

  it.each([
    ['no body', undefined, '400 MISSING_BODY'],
    ['malformed JSON', '{"uid":', '400 MALFORMED_JSON'],
    ['an array', '[1]', '400 INVALID_REQUEST'],
    ['null', 'null', '400 INVALID_REQUEST'],
    ['a string count', '{"uid":"u","count":"3"}', '400 INVALID_REQUEST'],
    ['count 0', '{"uid":"u","count":0}', '400 INVALID_REQUEST'],
    ['count 6', '{"uid":"u","count":6}', '400 INVALID_REQUEST'],
    ['count 2.5', '{"uid":"u","count":2.5}', '400 INVALID_REQUEST'],
    ['an unknown key', '{"uid":"u","count":1,"admin":true}', '400 INVALID_REQUEST'],
    ['a missing key', '{"count":1}', '400 INVALID_REQUEST'],
    [
      'an oversized body',
      JSON.stringify({ uid: 'u', count: 1, pad: 'x'.repeat(MAX_BODY_BYTES) }),
      '400 BODY_TOO_LARGE',
    ],
  ])('refuses %s', (_name, body, expected) => {
    expect(codeOf(() => parseJsonBody(ev(body), schema))).toBe(expected);
  });

  it('parses and checks query parameters', () => {
    const q = z.strictObject({ count: fields.countQuery });
    expect(parseQuery({ queryStringParameters: { count: '4' } }, q)).toEqual({ count: 4 });
    for (const count of ['0', '6', '1.5', 'x', '', '1,2']) {
      expect(codeOf(() => parseQuery({ queryStringParameters: { count } }, q))).toBe('400 INVALID_REQUEST');
    }
    expect(codeOf(() => parseQuery({ queryStringParameters: { count: '1', x: '1' } }, q))).toBe(
      '400 INVALID_REQUEST',
    );
    expect(codeOf(() => parseQuery({}, q))).toBe('400 INVALID_REQUEST');
  });

  it('names the offending field in the message', () => {
    expect(() => parseJsonBody(ev('{"uid":"u","count":9}'), schema)).toThrow(/count: must be at most 5/);
  });
});

describe('error responses', () => {
  const event = { requestContext: { requestId: 'req-1' } } as unknown as APIGatewayProxyEventV2;

  it('turns a Stripe card error into 402 with its message', () => {
    const err = new Stripe.errors.StripeCardError({
      type: 'card_error',
      message: 'Your card was declined.',
      code: 'card_declined',
    });
    const res = errorToResult(toDomainError(err), event);
    expect(res.statusCode).toBe(402);
    expect(JSON.parse(String(res.body))).toEqual({
      error: { code: 'CARD_DECLINED', message: 'Your card was declined.' },
    });
  });

  describe("Stripe's invalid-request errors", () => {
    const invalid = (raw: { message: string; code?: string; param?: string }) =>
      new Stripe.errors.StripeInvalidRequestError({ type: 'invalid_request_error', ...raw });
    let logs: LogCapture;
    beforeEach(() => {
      logs = captureLogs();
    });
    afterEach(() => logs.restore());
    // As the adapter (lib/stripe/) throws them: Stripe's errors turned into domain errors first.
    const answer = (err: unknown) => {
      const res = errorToResult(toDomainError(err), event);
      return { status: res.statusCode, ...(JSON.parse(String(res.body)) as { error: unknown }) };
    };

    it.each([
      ['a detached payment method', 'payment_method_unexpected_state'],
      ['a payment method not available for the payment', 'payment_method_not_available'],
      ['a payment method its provider refused', 'payment_method_provider_decline'],
      ['an expired payment method', 'expired_payment_method'],
    ])('answers 402 with the card-error wording the card form shows for %s', (_name, code) => {
      expect(answer(invalid({ message: 'Stripe says why', code }))).toEqual({
        status: 402,
        error: { code: 'PAYMENT_METHOD_UNUSABLE', message: PAYMENT_METHOD_UNUSABLE_MESSAGE },
      });
      expect(PAYMENT_METHOD_UNUSABLE_MESSAGE).toBe('Payment failed. Please try another payment method.');
      expect(logs.at('ERROR')).toEqual([]);
      expect(logs.at('WARN')[0]).toMatchObject({ requestId: 'req-1', error: { code } });
    });

    it("answers 402 with Stripe's own message for the card's details (the card form shows the provider's)", () => {
      const message = "Your card's expiration year is invalid.";
      expect(
        answer(
          invalid({ message, code: 'invalid_expiry_year', param: 'payment_method_data[card][exp_year]' }),
        ),
      ).toEqual({ status: 402, error: { code: 'INVALID_EXPIRY_YEAR', message } });
      expect(answer(invalid({ message: 'Bad card.', param: 'card[number]' }))).toEqual({
        status: 402,
        error: { code: 'CARD_ERROR', message: 'Bad card.' },
      });
      expect(logs.at('ERROR')).toEqual([]);
    });

    it.each([
      [
        'resource_missing on a stored id',
        { code: 'resource_missing', param: 'id', message: "No such customer: 'cus_x'" },
      ],
      [
        'parameter_unknown',
        { code: 'parameter_unknown', param: 'card[bogus]', message: 'Received unknown parameter' },
      ],
      [
        'parameter_missing',
        { code: 'parameter_missing', param: 'customer', message: 'Missing required param' },
      ],
      ['an error without a code', { message: 'Something about our request.' }],
    ] as [string, { message: string; code?: string; param?: string }][])(
      'keeps %s a logged 500 that hides the detail',
      (_name, raw) => {
        expect(answer(invalid(raw))).toEqual({
          status: 500,
          error: { code: 'INTERNAL', message: GENERIC_MESSAGE },
        });
        expect(logs.at('ERROR')).toEqual([
          expect.objectContaining({
            message: 'unhandled error',
            error: expect.objectContaining({
              type: 'StripeInvalidRequestError',
              ...(raw.code && { code: raw.code }),
            }),
          }),
        ]);
      },
    );
  });

  it('answers 503 with a clear log line while a secret still holds the deploy placeholder', () => {
    const logs = captureLogs();
    const arn = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:stripe-AbCdEf';
    const res = errorToResult(new SecretNotConfiguredError(arn), event);
    logs.restore();
    expect(res.statusCode).toBe(503);
    expect(res.headers?.['retry-after']).toBe('60');
    expect(JSON.parse(String(res.body))).toEqual({
      error: { code: 'NOT_CONFIGURED', message: GENERIC_MESSAGE },
    });
    const lines = logs.at('ERROR') as { message: string; error: { message: string } }[];
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toBe('secret not configured');
    expect(lines[0]?.error.message).toContain(`${arn} still holds the placeholder REPLACE_ME`);
  });

  it('hides anything unexpected behind a generic 500 and logs one line with the request id', () => {
    const logs = captureLogs();
    const res = errorToResult(new Error('secret detail'), event);
    logs.restore();
    expect(res.statusCode).toBe(500);
    expect(String(res.body)).not.toContain('secret detail');
    expect(logs.lines()).toEqual([expect.objectContaining({ level: 'ERROR', requestId: 'req-1' })]);
  });
});

it("a handler's log line names the path, never the query string (codes and addresses travel there)", () => {
  const logs = captureLogs();
  log('info', 'a line', {
    requestContext: { requestId: 'req-q', http: { method: 'GET', path: '/api/email-recovery-info' } },
    rawQueryString: 'code=secret-code-123&email=a%40example.com',
    queryStringParameters: { code: 'secret-code-123', email: 'a@example.com' },
  } as unknown as APIGatewayProxyEventV2);
  logs.restore();
  expect(logs.lines()).toEqual([
    expect.objectContaining({ path: '/api/email-recovery-info', requestId: 'req-q' }),
  ]);
  expect(JSON.stringify(logs.lines())).not.toMatch(/secret-code-123|example\.com/);
});

describe('only CloudFront reaches a handler', () => {
  const secret = 'a'.repeat(48);
  const savedEnv = { ...process.env };
  const handler = apiHandler(health, () => Promise.resolve(ok(health, { status: 'ok' })));
  const call = (headers: Record<string, string>) =>
    handler({ requestContext: { requestId: 'req-2' }, headers } as unknown as APIGatewayProxyEventV2);
  let logs: LogCapture;
  beforeEach(() => {
    logs = captureLogs();
  });
  afterEach(() => {
    process.env = { ...savedEnv };
    logs.restore();
  });

  it("refuses a request without CloudFront's origin header, or with another value, before the handler runs", async () => {
    process.env[ORIGIN_VERIFY_ENV] = secret;
    const wrong: Record<string, string>[] = [
      {},
      { [ORIGIN_VERIFY_HEADER]: 'b'.repeat(48) },
      { [ORIGIN_VERIFY_HEADER]: 'a' },
    ];
    for (const headers of wrong) {
      const res = await call(headers);
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(String(res.body))).toEqual({
        error: { code: 'FORBIDDEN', message: 'Use the site address.' },
      });
    }
    expect(logs.at('WARN')).not.toHaveLength(0);
    expect(JSON.stringify(logs.lines())).not.toContain(secret);
  });

  it('runs the handler with the header', async () => {
    process.env[ORIGIN_VERIFY_ENV] = secret;
    expect((await call({ [ORIGIN_VERIFY_HEADER]: secret })).statusCode).toBe(200);
  });

  it('fails closed: with the secret missing, blank, too short or unresolved, every request is refused with 503', async () => {
    const unusable = [undefined, '', '   ', 'short', '{{resolve:secretsmanager:arn:SecretString}}'];
    for (const value of unusable) {
      if (value === undefined) Reflect.deleteProperty(process.env, ORIGIN_VERIFY_ENV);
      else process.env[ORIGIN_VERIFY_ENV] = value;
      for (const headers of [{}, { [ORIGIN_VERIFY_HEADER]: value ?? '' }] as Record<string, string>[]) {
        const res = await call(headers);
        expect(res.statusCode).toBe(503);
        expect(JSON.parse(String(res.body))).toEqual({
          error: { code: 'NOT_CONFIGURED', message: GENERIC_MESSAGE },
        });
      }
    }
    // A real route too: refused before it reads its token or body, so nothing else is needed here.
    Reflect.deleteProperty(process.env, ORIGIN_VERIFY_ENV);
    const res = await assignLicense({
      requestContext: { requestId: 'req-3' },
      headers: { [ORIGIN_VERIFY_HEADER]: secret },
      body: '{}',
    } as unknown as ApiEvent);
    expect(res.statusCode).toBe(503);
    expect(logs.at('ERROR')[0]).toMatchObject({
      message: 'origin secret not configured: every request is refused',
    });
  });
});

import {
  AccountBusyError,
  CardRefusedError,
  EmailTakenError,
  HolderChangeLimitError,
  IdempotencyKeyReusedError,
  IncorrectPasswordError,
  InvalidEmailError,
  InvalidIdempotencyKeyError,
  InvalidLicenseKeyError,
  InvalidTaxIdError,
  InvalidWebhookSignatureError,
  LimitReachedError,
  MailNotSentError,
  NotCallersError,
  PaymentMethodUnusableError,
  PaymentProviderBusyError,
  RecoveryCodeError,
  RequestInProgressError,
  SecretNotConfiguredError,
  TooManyAttemptsError,
  UnknownPaymentMethodError,
} from '../errors';
import { errorToResult } from '../http';

// What a client is answered for each domain error (errors.ts): its status, code, message and headers,
// as the pages show them. The handler boundary (http.ts errorToResult) reads them from the error.

const event = { requestContext: { requestId: 'r1' } } as Parameters<typeof errorToResult>[1];

const answer = (err: unknown) => {
  const res = errorToResult(err, event);
  const { 'content-type': _type, 'cache-control': _cache, ...headers } = res.headers ?? {};
  return { status: res.statusCode, ...(JSON.parse(String(res.body)) as object), headers };
};

beforeEach(() => jest.spyOn(console, 'log').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

it.each([
  [new NotCallersError('The uid is not yours.'), 403, 'FORBIDDEN', 'The uid is not yours.', {}],
  [new InvalidLicenseKeyError('x'), 400, 'INVALID_LICENSE_KEY', '"x" is not a license key.', {}],
  [
    new InvalidTaxIdError(undefined),
    400,
    'INVALID_TAX_ID',
    'The tax ID does not have the format of the type chosen. Check it and try again.',
    {},
  ],
  [
    new CardRefusedError('card_declined', 'Your card was declined.', undefined),
    402,
    'CARD_DECLINED',
    'Your card was declined.',
    {},
  ],
  [
    new CardRefusedError('', 'Your card was refused.', undefined),
    402,
    'CARD_ERROR',
    'Your card was refused.',
    {},
  ],
  [
    new PaymentMethodUnusableError('detached', undefined),
    402,
    'PAYMENT_METHOD_UNUSABLE',
    'Payment failed. Please try another payment method.',
    {},
  ],
  [
    new RequestInProgressError(),
    409,
    'REQUEST_IN_PROGRESS',
    'The same request is in progress. Try again shortly.',
    {},
  ],
  [
    new PaymentProviderBusyError(),
    503,
    'PAYMENT_PROVIDER_BUSY',
    'Our payment provider is busy. Please try again in a moment.',
    { 'retry-after': '1' },
  ],
  [
    new InvalidIdempotencyKeyError(),
    400,
    'INVALID_IDEMPOTENCY_KEY',
    'The Idempotency-Key header must be 8 to 128 letters, digits, "-" or "_".',
    {},
  ],
  [
    new IdempotencyKeyReusedError(),
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request. Use a new key for a new action.',
    {},
  ],
  [
    new InvalidWebhookSignatureError(new Error('x')),
    400,
    'INVALID_SIGNATURE',
    'The signature does not match the payload.',
    {},
  ],
  [
    new UnknownPaymentMethodError('pm_1'),
    400,
    'UNKNOWN_PAYMENT_METHOD',
    'The payment method does not exist.',
    {},
  ],
  [new IncorrectPasswordError(), 403, 'INCORRECT_PASSWORD', 'Incorrect current password.', {}],
  [new TooManyAttemptsError(), 429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Please try again later.', {}],
  [new EmailTakenError(), 409, 'EMAIL_TAKEN', 'New email is already taken.', {}],
  [new InvalidEmailError(), 400, 'INVALID_EMAIL', 'The email address is not valid.', {}],
  [
    new AccountBusyError('u1'),
    409,
    'BUSY',
    'Another change to your licenses is in progress. Try again in a moment.',
    {},
  ],
  [
    new HolderChangeLimitError(Date.UTC(2026, 11, 1, 9, 30) / 1000),
    429,
    'HOLDER_CHANGE_LIMIT',
    'This license has changed hands 4 times in the last 30 days, the most we allow. It can be given to someone else or taken back again from 1 December 2026 at 09:30 UTC.',
    {},
  ],
  [new RecoveryCodeError('used'), 400, 'USED_ACTION_CODE', 'This link has already been used.', {}],
  [new RecoveryCodeError('invalid'), 400, 'INVALID_ACTION_CODE', 'The link is invalid or has expired.', {}],
  [
    new LimitReachedError('sender-mails', 20, 7200),
    429,
    'MAIL_LIMIT',
    "You have reached today's limit of 20 license emails (assigning, reassigning and taking back licenses each send one). Try again in about 2 hours.",
    { 'retry-after': '7200' },
  ],
  [
    new LimitReachedError('recipient-mails', 5, 3000, 'b@x.io'),
    429,
    'MAIL_LIMIT',
    "b@x.io has received today's limit of 5 license emails from Stockbench. Nothing was changed; try again in about 1 hour.",
    { 'retry-after': '3000' },
  ],
  [
    new LimitReachedError('cognito-mails', 5, 7200, 'c@x.io'),
    429,
    'MAIL_LIMIT',
    "c@x.io has received today's limit of 5 emails with codes from Stockbench. Nothing was changed; try again in about 2 hours.",
    { 'retry-after': '7200' },
  ],
  [
    new LimitReachedError('checkouts', 5, 90),
    429,
    'CHECKOUT_LIMIT',
    'You have started 5 checkouts within the hour, the most we allow. Finish the one you started, or try again in 2 minutes.',
    { 'retry-after': '90' },
  ],
  [
    new MailNotSentError('a@x.io', 'MessageRejected'),
    503,
    'MAIL_NOT_SENT',
    'We could not send email to a@x.io just now, so this could not be completed. Please try again later.',
    {},
  ],
  [
    new SecretNotConfiguredError('arn:secret'),
    503,
    'NOT_CONFIGURED',
    'Something unexpected happened. Please try again.',
    { 'retry-after': '60' },
  ],
])('%p answers %i %s', (err, status, code, message, headers) => {
  expect(answer(err)).toEqual({ status, error: { code, message }, headers });
});

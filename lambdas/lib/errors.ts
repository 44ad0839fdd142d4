// Domain errors the adapters (Stripe, Cognito, the repository) and the rules built on them raise. They
// say what went wrong in the product's terms, and each carries what a client is answered for it (its
// status, a stable code and the message the pages show): the handler boundary (http.ts, errorToResult)
// reads that and decides nothing per class. Those a client causes extend RefusedError (4xx).

/** What a client is answered for a domain error. */
export interface ErrorAnswer {
  status: number;
  code: string;
  /** In the words the pages show. */
  message: string;
  headers?: Record<string, string>;
}

/** One log line beside the answer, for a failure an operator counts or fixes. */
export interface ErrorLogLine {
  level: 'warn' | 'error';
  message: string;
  /** The error the line describes (its name and message; a provider's type and code): this, or its cause. */
  error: unknown;
}

/** An error of the product's domain, with the answer it gets at the handler boundary. */
export abstract class DomainError extends Error {
  abstract answer(): ErrorAnswer;
  /** A log line to write beside the answer, if any. */
  logLine(): ErrorLogLine | undefined {
    return undefined;
  }
}

/** The answer of `err` at the handler boundary, when it is a domain error. */
export const answerOf = (err: unknown): ErrorAnswer | undefined =>
  err instanceof DomainError ? err.answer() : undefined;

/** What the site shows for a failure the user can only retry. */
export const GENERIC_MESSAGE = 'Something unexpected happened. Please try again.';

/** The checkout's wording for a payment method that cannot pay. */
export const PAYMENT_METHOD_UNUSABLE_MESSAGE = 'Payment failed. Please try another payment method.';

/** The log message of a refused Stripe delivery; an alarm counts it (cdk/lib/monitoring.ts). */
export const WEBHOOK_SIGNATURE_REFUSED = 'webhook signature does not verify';

/** A refusal's answer: its status, code and message. */
const refusal = (status: number, code: string, message: string, headers?: Record<string, string>) => ({
  status,
  code,
  message,
  ...(headers ? { headers } : {}),
});

/** The provider's refusal of a client's input: not our fault, but a rising count shows a flow going wrong. */
const providerRefusal = (cause: unknown): ErrorLogLine => ({
  level: 'warn',
  message: 'the payment provider refused the client input',
  error: cause,
});

/**
 * A request refused for a reason the client can see and act on; nothing of it was changed. A user
 * action (lambdas/money/user-action.ts) refused this way forgets its plan, so a retry decides afresh.
 */
export abstract class RefusedError extends DomainError {}

/** A webhook whose Stripe-Signature does not verify (or cannot be read): the sender's fault, never ours. */
export class InvalidWebhookSignatureError extends RefusedError {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'The signature does not verify.');
    this.name = 'InvalidWebhookSignatureError';
  }
  override answer(): ErrorAnswer {
    return refusal(400, 'INVALID_SIGNATURE', 'The signature does not match the payload.');
  }
  // Anyone can send one, so not an error line; a steady count after a secret rotation is ours.
  override logLine(): ErrorLogLine {
    return { level: 'warn', message: WEBHOOK_SIGNATURE_REFUSED, error: this };
  }
}

/** What CDK creates the secrets with (cdk/lib/secrets.ts) until the operator stores real values. */
export const SECRET_PLACEHOLDER = 'REPLACE_ME';

/** A secret still holds the deploy's placeholder: the service cannot work until the operator fills it. */
export class SecretNotConfiguredError extends DomainError {
  constructor(readonly secretArn: string) {
    super(
      `Secret ${secretArn} still holds the placeholder ${SECRET_PLACEHOLDER}: store the real value ` +
        '(docs/deploying.md, "Stripe secrets and webhook").',
    );
    this.name = 'SecretNotConfiguredError';
  }
  // The deploy is not finished (docs/deploying.md): what a client can act on is to try later, not a
  // 500 that looks like a bug; the log says which secret.
  override answer(): ErrorAnswer {
    return refusal(503, 'NOT_CONFIGURED', GENERIC_MESSAGE, { 'retry-after': '60' });
  }
  override logLine(): ErrorLogLine {
    return { level: 'error', message: 'secret not configured', error: this };
  }
}

/**
 * SES would not send a mail, for a reason of the account, not of the request: in SES's sandbox (a new
 * account) it refuses unverified recipients (MessageRejected) and IAM refuses SendEmail on their identity
 * (AccessDenied); a paused or suspended account refuses everything. Until the operator fixes it.
 */
export class MailNotSentError extends DomainError {
  constructor(
    readonly to: string,
    /** SES's error name and message, for the log. */
    readonly reason: string,
  ) {
    super(`SES did not send the mail to ${to}: ${reason}`);
    this.name = 'MailNotSentError';
  }
  // The account's mail setup (SES's sandbox, most often), not the request: the operator's to fix.
  override answer(): ErrorAnswer {
    return refusal(
      503,
      'MAIL_NOT_SENT',
      `We could not send email to ${this.to} just now, so this could not be completed. Please try again later.`,
    );
  }
  override logLine(): ErrorLogLine {
    return { level: 'error', message: 'mail not sent', error: this };
  }
}

/** Stripe declined the card, or refused its details (expired, wrong number, CVC, ...). */
export class CardRefusedError extends RefusedError {
  constructor(
    /** Stripe's reason (card_declined, invalid_expiry_year, ...), empty when it gave none. */
    readonly reason: string,
    /** Stripe's sentence for the card holder (the card form shows the provider's message). */
    message: string,
    cause: unknown,
  ) {
    super(message, { cause });
    this.name = 'CardRefusedError';
  }
  override answer(): ErrorAnswer {
    return refusal(402, this.reason ? this.reason.toUpperCase() : 'CARD_ERROR', this.message);
  }
  override logLine(): ErrorLogLine {
    return providerRefusal(this.cause);
  }
}

/** The payment method the client chose cannot pay (detached, not available, refused by its provider). */
export class PaymentMethodUnusableError extends RefusedError {
  constructor(
    readonly reason: string,
    cause: unknown,
  ) {
    super(`The payment method cannot pay (${reason}).`, { cause });
    this.name = 'PaymentMethodUnusableError';
  }
  override answer(): ErrorAnswer {
    return refusal(402, 'PAYMENT_METHOD_UNUSABLE', PAYMENT_METHOD_UNUSABLE_MESSAGE);
  }
  override logLine(): ErrorLogLine {
    return providerRefusal(this.cause);
  }
}

/** The same request is already running (a user action's Idempotency-Key, or a Stripe request's key). */
export class RequestInProgressError extends RefusedError {
  constructor(cause?: unknown) {
    super('The same request is in progress.', { cause });
    this.name = 'RequestInProgressError';
  }
  override answer(): ErrorAnswer {
    return refusal(409, 'REQUEST_IN_PROGRESS', 'The same request is in progress. Try again shortly.');
  }
}

/**
 * Stripe is busy (a 429 rate limit, or a lock timeout the SDK's own retries did not outlast): nothing
 * changed there, and the same request may simply run again. Not a refusal: a user action that met it
 * half-way stays resumable.
 */
export class PaymentProviderBusyError extends DomainError {
  constructor(cause?: unknown) {
    super('The payment provider is busy.', { cause });
    this.name = 'PaymentProviderBusyError';
  }
  // Stripe changed nothing and will take the request again in a moment.
  override answer(): ErrorAnswer {
    return refusal(
      503,
      'PAYMENT_PROVIDER_BUSY',
      'Our payment provider is busy. Please try again in a moment.',
      {
        'retry-after': '1',
      },
    );
  }
}

/** An Idempotency-Key that was first used for another request. */
export class IdempotencyKeyReusedError extends RefusedError {
  constructor() {
    super('The Idempotency-Key was used for a different request.');
    this.name = 'IdempotencyKeyReusedError';
  }
  override answer(): ErrorAnswer {
    return refusal(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request. Use a new key for a new action.',
    );
  }
}

/** An Idempotency-Key header that is not 8 to 128 letters, digits, "-" or "_". */
export class InvalidIdempotencyKeyError extends RefusedError {
  constructor() {
    super('The Idempotency-Key header is malformed.');
    this.name = 'InvalidIdempotencyKeyError';
  }
  override answer(): ErrorAnswer {
    return refusal(
      400,
      'INVALID_IDEMPOTENCY_KEY',
      'The Idempotency-Key header must be 8 to 128 letters, digits, "-" or "_".',
    );
  }
}

/** An id the client sent (account, customer, subscription, card, license) is not the caller's. */
export class NotCallersError extends RefusedError {
  /** `message` is the client's answer, in the words the pages show. */
  constructor(message: string) {
    super(message);
    this.name = 'NotCallersError';
  }
  override answer(): ErrorAnswer {
    return refusal(403, 'FORBIDDEN', this.message);
  }
}

/** A string the client sent as a license key cannot be one. */
export class InvalidLicenseKeyError extends RefusedError {
  constructor(readonly raw: string) {
    super(`"${raw.slice(0, 40)}" is not a license key.`);
    this.name = 'InvalidLicenseKeyError';
  }
  override answer(): ErrorAnswer {
    return refusal(400, 'INVALID_LICENSE_KEY', this.message);
  }
}

/** Stripe does not know the payment method id a client named. */
export class UnknownPaymentMethodError extends RefusedError {
  constructor(readonly paymentMethodId: string) {
    super(`Stripe does not know the payment method ${paymentMethodId}.`);
    this.name = 'UnknownPaymentMethodError';
  }
  override answer(): ErrorAnswer {
    return refusal(400, 'UNKNOWN_PAYMENT_METHOD', 'The payment method does not exist.');
  }
}

/** The current password a client sent is not the user's. */
export class IncorrectPasswordError extends RefusedError {
  constructor() {
    super('The password does not match.');
    this.name = 'IncorrectPasswordError';
  }
  override answer(): ErrorAnswer {
    return refusal(403, 'INCORRECT_PASSWORD', 'Incorrect current password.');
  }
}

/** Cognito refuses further password checks for a while. */
export class TooManyAttemptsError extends RefusedError {
  constructor() {
    super('Cognito throttled the password check.');
    this.name = 'TooManyAttemptsError';
  }
  override answer(): ErrorAnswer {
    return refusal(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Please try again later.');
  }
}

/** Another user already has the email address. */
export class EmailTakenError extends RefusedError {
  constructor() {
    super('Another user has this email address.');
    this.name = 'EmailTakenError';
  }
  override answer(): ErrorAnswer {
    return refusal(409, 'EMAIL_TAKEN', 'New email is already taken.');
  }
}

/** Cognito refuses the email address as malformed. */
export class InvalidEmailError extends RefusedError {
  constructor() {
    super('Cognito refused the email address.');
    this.name = 'InvalidEmailError';
  }
  override answer(): ErrorAnswer {
    return refusal(400, 'INVALID_EMAIL', 'The email address is not valid.');
  }
}

/** The account's lease (money/lease.ts) could not be had in time: another change is running. */
export class AccountBusyError extends RefusedError {
  constructor(readonly uid: string) {
    super(`The lease of account ${uid} is held by another request.`);
    this.name = 'AccountBusyError';
  }
  override answer(): ErrorAnswer {
    return refusal(409, 'BUSY', 'Another change to your licenses is in progress. Try again in a moment.');
  }
}

/** An email-recovery code that cannot undo its change: unknown, expired or superseded ('invalid'), or spent ('used'). */
export class RecoveryCodeError extends RefusedError {
  constructor(readonly reason: 'invalid' | 'used') {
    super(`The recovery code is ${reason}.`);
    this.name = 'RecoveryCodeError';
  }
  override answer(): ErrorAnswer {
    return this.reason === 'used'
      ? refusal(400, 'USED_ACTION_CODE', 'This link has already been used.')
      : refusal(400, 'INVALID_ACTION_CODE', 'The link is invalid or has expired.');
  }
}

/** Which limit of lib/mail-limits.ts, lib/checkout-limit.ts or lib/cognito-mail-limit.ts an action would pass. */
export type LimitName = 'sender-mails' | 'recipient-mails' | 'checkouts' | 'cognito-mails';

/** An action refused because it would pass a per-window limit; nothing of it happened. */
export class LimitReachedError extends RefusedError {
  constructor(
    readonly limit: LimitName,
    /** How many the window allows. */
    readonly allowed: number,
    /** Seconds until the window ends. */
    readonly retryAfterSeconds: number,
    /** The address whose limit is reached ('recipient-mails'). */
    readonly address?: string,
  ) {
    super(`Limit ${limit} (${allowed}) reached${address ? ` for ${address}` : ''}.`);
    this.name = 'LimitReachedError';
  }
  override answer(): ErrorAnswer {
    const hours = Math.max(1, Math.round(this.retryAfterSeconds / 3600));
    const minutes = Math.max(1, Math.ceil(this.retryAfterSeconds / 60));
    const inHours = `${hours} hour${hours === 1 ? '' : 's'}`;
    const retry = { 'retry-after': String(this.retryAfterSeconds) };
    switch (this.limit) {
      case 'sender-mails':
        return refusal(
          429,
          'MAIL_LIMIT',
          `You have reached today's limit of ${this.allowed} license emails (assigning, reassigning and ` +
            `taking back licenses each send one). Try again in about ${inHours}.`,
          retry,
        );
      case 'recipient-mails':
        return refusal(
          429,
          'MAIL_LIMIT',
          `${this.address ?? 'That address'} has received today's limit of ${this.allowed} license emails ` +
            `from Stockbench. Nothing was changed; try again in about ${inHours}.`,
          retry,
        );
      case 'cognito-mails':
        return refusal(
          429,
          'MAIL_LIMIT',
          `${this.address ?? 'That address'} has received today's limit of ${this.allowed} emails with codes ` +
            `from Stockbench. Nothing was changed; try again in about ${inHours}.`,
          retry,
        );
      case 'checkouts':
        return refusal(
          429,
          'CHECKOUT_LIMIT',
          `You have started ${this.allowed} checkouts within the hour, the most we allow. Finish the one ` +
            `you started, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          retry,
        );
    }
  }
}

/** A license changed hands as often as allowed in 30 days; `possibleAt` (epoch seconds) is when it may again. */
export class HolderChangeLimitError extends RefusedError {
  constructor(readonly possibleAt: number) {
    super(`The license may change hands again at ${new Date(possibleAt * 1000).toISOString()}.`);
    this.name = 'HolderChangeLimitError';
  }
  override answer(): ErrorAnswer {
    const when = new Date(this.possibleAt * 1000).toLocaleString('en-GB', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
    return refusal(
      429,
      'HOLDER_CHANGE_LIMIT',
      `This license has changed hands 4 times in the last 30 days, the most we allow. It can be given to someone else or taken back again from ${when} UTC.`,
    );
  }
}

/** Stripe refused a tax ID whose value does not have its type's format (tax_id_invalid). */
export class InvalidTaxIdError extends RefusedError {
  constructor(cause: unknown) {
    super('The tax ID does not have the format of its type.', { cause });
    this.name = 'InvalidTaxIdError';
  }
  override answer(): ErrorAnswer {
    return refusal(
      400,
      'INVALID_TAX_ID',
      'The tax ID does not have the format of the type chosen. Check it and try again.',
    );
  }
}

/**
 * Support is removing the account's passkeys at the owner's request (on USER#<uid> / SESSIONS):
 * until the site finishes it with the owner's access token (POST /api/finish-passkey-removal), the
 * account's other calls are refused, so a lost passkey opens nothing.
 */
export class PasskeyRemovalPendingError extends RefusedError {
  constructor(readonly uid: string) {
    super(`Support's removal of the passkeys of ${uid} is pending.`);
    this.name = 'PasskeyRemovalPendingError';
  }
  override answer(): ErrorAnswer {
    return refusal(
      403,
      'PASSKEY_REMOVAL_PENDING',
      "Support is removing this account's passkeys, as the account's owner asked. Finishing it signs " +
        'you out on every device; then sign in with your password.',
    );
  }
}

/** An access token the client sent is another user's than the ID token's. */
export class AccessTokenMismatchError extends RefusedError {
  constructor() {
    super("The access token is not the signed-in user's.");
    this.name = 'AccessTokenMismatchError';
  }
  override answer(): ErrorAnswer {
    return refusal(403, 'ACCESS_TOKEN_MISMATCH', "The access token is not the signed-in user's.");
  }
}

/** Cognito refuses an access token the client sent (expired, revoked, malformed or of another pool). */
export class AccessTokenRefusedError extends RefusedError {
  constructor(cause: unknown) {
    super('Cognito refused the access token.', { cause });
    this.name = 'AccessTokenRefusedError';
  }
  override answer(): ErrorAnswer {
    return refusal(401, 'ACCESS_TOKEN_REFUSED', 'Your session has expired. Please sign in again.');
  }
}

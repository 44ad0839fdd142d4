// Domain errors the adapters (Stripe, Cognito, the repository) and the rules built on them raise. They
// say what went wrong in the product's terms; only the handler boundary (http.ts, errorToResult) turns
// them into HTTP statuses and the messages the pages show. Those a client causes extend RefusedError (4xx).

/**
 * A request refused for a reason the client can see and act on; nothing of it was changed. A user
 * action (lambdas/money/user-action.ts) refused this way forgets its plan, so a retry decides afresh.
 */
export class RefusedError extends Error {}

/** A webhook whose Stripe-Signature does not verify (or cannot be read): the sender's fault, never ours. */
export class InvalidWebhookSignatureError extends RefusedError {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'The signature does not verify.');
    this.name = 'InvalidWebhookSignatureError';
  }
}

/** What CDK creates the secrets with (cdk/lib/secrets.ts) until the operator stores real values. */
export const SECRET_PLACEHOLDER = 'REPLACE_ME';

/** A secret still holds the deploy's placeholder: the service cannot work until the operator fills it. */
export class SecretNotConfiguredError extends Error {
  constructor(readonly secretArn: string) {
    super(
      `Secret ${secretArn} still holds the placeholder ${SECRET_PLACEHOLDER}: store the real value ` +
        '(docs/deploying.md, "Stripe secrets and webhook").',
    );
    this.name = 'SecretNotConfiguredError';
  }
}

/**
 * SES would not send a mail, for a reason of the account, not of the request: in SES's sandbox (a new
 * account) it refuses unverified recipients (MessageRejected) and IAM refuses SendEmail on their identity
 * (AccessDenied); a paused or suspended account refuses everything. Until the operator fixes it.
 */
export class MailNotSentError extends Error {
  constructor(
    readonly to: string,
    /** SES's error name and message, for the log. */
    readonly reason: string,
  ) {
    super(`SES did not send the mail to ${to}: ${reason}`);
    this.name = 'MailNotSentError';
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
}

/** The same request is already running (a user action's Idempotency-Key, or a Stripe request's key). */
export class RequestInProgressError extends RefusedError {
  constructor(cause?: unknown) {
    super('The same request is in progress.', { cause });
    this.name = 'RequestInProgressError';
  }
}

/**
 * Stripe is busy (a 429 rate limit, or a lock timeout the SDK's own retries did not outlast): nothing
 * changed there, and the same request may simply run again. Not a refusal: a user action that met it
 * half-way stays resumable.
 */
export class PaymentProviderBusyError extends Error {
  constructor(cause?: unknown) {
    super('The payment provider is busy.', { cause });
    this.name = 'PaymentProviderBusyError';
  }
}

/** An Idempotency-Key that was first used for another request. */
export class IdempotencyKeyReusedError extends RefusedError {
  constructor() {
    super('The Idempotency-Key was used for a different request.');
    this.name = 'IdempotencyKeyReusedError';
  }
}

/** An Idempotency-Key header that is not 8 to 128 letters, digits, "-" or "_". */
export class InvalidIdempotencyKeyError extends RefusedError {
  constructor() {
    super('The Idempotency-Key header is malformed.');
    this.name = 'InvalidIdempotencyKeyError';
  }
}

/** An id the client sent (account, customer, subscription, card, license) is not the caller's. */
export class NotCallersError extends RefusedError {
  /** `message` is the client's answer, in the words the pages show. */
  constructor(message: string) {
    super(message);
    this.name = 'NotCallersError';
  }
}

/** A string the client sent as a license key cannot be one. */
export class InvalidLicenseKeyError extends RefusedError {
  constructor(readonly raw: string) {
    super(`"${raw.slice(0, 40)}" is not a license key.`);
    this.name = 'InvalidLicenseKeyError';
  }
}

/** Stripe does not know the payment method id a client named. */
export class UnknownPaymentMethodError extends RefusedError {
  constructor(readonly paymentMethodId: string) {
    super(`Stripe does not know the payment method ${paymentMethodId}.`);
    this.name = 'UnknownPaymentMethodError';
  }
}

/** The current password a client sent is not the user's. */
export class IncorrectPasswordError extends RefusedError {
  constructor() {
    super('The password does not match.');
    this.name = 'IncorrectPasswordError';
  }
}

/** Cognito refuses further password checks for a while. */
export class TooManyAttemptsError extends RefusedError {
  constructor() {
    super('Cognito throttled the password check.');
    this.name = 'TooManyAttemptsError';
  }
}

/** Another user already has the email address. */
export class EmailTakenError extends RefusedError {
  constructor() {
    super('Another user has this email address.');
    this.name = 'EmailTakenError';
  }
}

/** Cognito refuses the email address as malformed. */
export class InvalidEmailError extends RefusedError {
  constructor() {
    super('Cognito refused the email address.');
    this.name = 'InvalidEmailError';
  }
}

/** The account's lease (money/lease.ts) could not be had in time: another change is running. */
export class AccountBusyError extends RefusedError {
  constructor(readonly uid: string) {
    super(`The lease of account ${uid} is held by another request.`);
    this.name = 'AccountBusyError';
  }
}

/** An email-recovery code that cannot undo its change: unknown, expired or superseded ('invalid'), or spent ('used'). */
export class RecoveryCodeError extends RefusedError {
  constructor(readonly reason: 'invalid' | 'used') {
    super(`The recovery code is ${reason}.`);
    this.name = 'RecoveryCodeError';
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
}

/** A license changed hands as often as allowed in 30 days; `possibleAt` (epoch seconds) is when it may again. */
export class HolderChangeLimitError extends RefusedError {
  constructor(readonly possibleAt: number) {
    super(`The license may change hands again at ${new Date(possibleAt * 1000).toISOString()}.`);
    this.name = 'HolderChangeLimitError';
  }
}

/** Stripe refused a tax ID whose value does not have its type's format (tax_id_invalid). */
export class InvalidTaxIdError extends RefusedError {
  constructor(cause: unknown) {
    super('The tax ID does not have the format of its type.', { cause });
    this.name = 'InvalidTaxIdError';
  }
}

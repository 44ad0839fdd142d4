// Domain errors the adapters raise. Only the handler boundary (http.ts) turns them into HTTP answers.

/** A webhook whose Stripe-Signature does not verify (or cannot be read): the sender's fault, never ours. */
export class InvalidWebhookSignatureError extends Error {
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
        '(README.md, "Deploy to AWS", "Stripe secrets and webhook").',
    );
    this.name = 'SecretNotConfiguredError';
  }
}

// Domain errors the adapters raise. Only the handler boundary (http.ts) turns them into HTTP answers.

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

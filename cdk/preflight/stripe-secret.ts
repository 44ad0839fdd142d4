import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { SECRET_PLACEHOLDER } from '../../lambdas/lib/errors';
import { fail, ok, type Finding } from './findings';

// The Stripe secret the handlers read ({ secretKey, webhookSecret }, cdk/lib/secrets.ts): the deploy
// fills it with the key it was run with and the signing secret of the endpoint it created, so a first
// deploy needs no manual step; a value the operator stored is replaced only by a newer one.

interface StripeSecret {
  secretKey: string;
  webhookSecret: string;
}

async function read(client: SecretsManagerClient, arn: string): Promise<StripeSecret> {
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  const parsed = JSON.parse(SecretString ?? '{}') as Partial<StripeSecret>;
  return {
    secretKey: parsed.secretKey ?? SECRET_PLACEHOLDER,
    webhookSecret: parsed.webhookSecret ?? SECRET_PLACEHOLDER,
  };
}

/** The secret key stored by an earlier deploy, if any (a later deploy needs no STRIPE_SECRET_KEY). */
export async function storedStripeKey(region: string, arn: string | undefined): Promise<string | undefined> {
  if (!arn) return undefined;
  const client = new SecretsManagerClient({ region });
  try {
    const { secretKey } = await read(client, arn);
    return secretKey === SECRET_PLACEHOLDER ? undefined : secretKey;
  } catch {
    return undefined;
  } finally {
    client.destroy();
  }
}

export async function storeStripeSecret(
  region: string,
  arn: string,
  secretKey: string,
  createdWebhookSecret: string | undefined,
): Promise<Finding> {
  const check = 'Stripe secret';
  const client = new SecretsManagerClient({ region });
  try {
    const current = await read(client, arn);
    const next: StripeSecret = {
      secretKey,
      webhookSecret: createdWebhookSecret ?? current.webhookSecret,
    };
    if (next.webhookSecret === SECRET_PLACEHOLDER) {
      return fail(
        check,
        `the webhook endpoint exists but its signing secret was never stored in ${arn}`,
        "roll the endpoint's signing secret in the Stripe dashboard (Developers, Webhooks) and put it in the secret " +
          '(docs/deploying.md, "Stripe secrets and webhook"), or delete the endpoint and deploy again',
      );
    }
    if (next.secretKey === current.secretKey && next.webhookSecret === current.webhookSecret) {
      return ok(check, "already holds this key and the endpoint's signing secret");
    }
    await client.send(new PutSecretValueCommand({ SecretId: arn, SecretString: JSON.stringify(next) }));
    const what = [
      next.secretKey !== current.secretKey && 'the secret key',
      next.webhookSecret !== current.webhookSecret && "the new endpoint's signing secret",
    ].filter(Boolean);
    return ok(check, `stored ${what.join(' and ')} (the handlers use them within five minutes)`);
  } finally {
    client.destroy();
  }
}

import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { putLocalSecret } from '../../dev/local-stack';
import { SecretNotConfiguredError } from '../lib/errors';
import { getStripeSecrets, resetSecrets, SECRET_MAX_AGE_MS } from '../lib/secrets';
import { startBff, type Bff } from './support/bff';

// Secrets come from Secrets Manager (the local twin, behind the IAM gate), as in production: a deploy
// whose secret still holds the placeholder answers 503 until the operator stores the value, and a
// rotated value is picked up after the cache's maximum age, without a deploy.

let bff: Bff;
let stripeSecret: Record<string, string>;
beforeAll(async () => {
  bff = await startBff({ own: true });
  stripeSecret = {
    secretKey: 'sk_test_local',
    webhookSecret: bff.webhookSecret,
  };
});
afterAll(() => bff?.stop());

/** The library in this process, reading with the stack's admin keys through the gate. */
async function getStripeSecretsAsAdmin() {
  const { accessKeyId, secretAccessKey } = bff.info.adminCredentials;
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey });
  return getStripeSecrets();
}

it('answers 503 while the Stripe secret holds the placeholder, and works once it is stored', async () => {
  // A Stripe webhook delivery reads the secret on the handler's first, cold invocation.
  const payload = JSON.stringify({
    id: 'evt_placeholder',
    object: 'event',
    type: 'ping',
    data: { object: {} },
  });
  const deliver = () =>
    bff.call('POST', 'stripe-webhook', {
      raw: payload,
      headers: {
        'stripe-signature': bff.stripe.webhooks.generateTestHeaderString({
          payload,
          secret: bff.webhookSecret,
        }),
      },
    });
  await putLocalSecret(bff.info, bff.info.stripeSecretArn, {
    secretKey: 'REPLACE_ME',
    webhookSecret: 'REPLACE_ME',
  });
  try {
    // 503, so Stripe delivers the event again later instead of dropping it.
    expect(await deliver()).toEqual({
      status: 503,
      body: { error: { code: 'NOT_CONFIGURED', message: expect.stringMatching(/Something unexpected/) } },
    });
  } finally {
    await putLocalSecret(bff.info, bff.info.stripeSecretArn, stripeSecret);
  }
  // The placeholder is not cached: storing the value is enough, no deploy or restart.
  expect((await deliver()).status).toBe(200);
});

it('keeps a secret for its maximum age, then reads the rotated value', async () => {
  resetSecrets();
  expect((await getStripeSecretsAsAdmin()).secretKey).toBe('sk_test_local');
  await putLocalSecret(bff.info, bff.info.stripeSecretArn, { ...stripeSecret, secretKey: 'sk_test_rotated' });
  expect((await getStripeSecretsAsAdmin()).secretKey).toBe('sk_test_local');
  const now = Date.now();
  const clock = jest.spyOn(Date, 'now').mockReturnValue(now + SECRET_MAX_AGE_MS + 1);
  try {
    expect((await getStripeSecretsAsAdmin()).secretKey).toBe('sk_test_rotated');
  } finally {
    clock.mockRestore();
    await putLocalSecret(bff.info, bff.info.stripeSecretArn, stripeSecret);
    resetSecrets();
  }
});

it('refuses the placeholder in the library with a domain error naming the secret', async () => {
  resetSecrets();
  await putLocalSecret(bff.info, bff.info.stripeSecretArn, {
    secretKey: 'REPLACE_ME',
    webhookSecret: 'REPLACE_ME',
  });
  try {
    await expect(getStripeSecretsAsAdmin()).rejects.toThrow(SecretNotConfiguredError);
    await expect(getStripeSecretsAsAdmin()).rejects.toThrow(bff.info.stripeSecretArn);
    // Storing the value is enough: the placeholder was not kept for the cache's maximum age.
    await putLocalSecret(bff.info, bff.info.stripeSecretArn, stripeSecret);
    expect((await getStripeSecretsAsAdmin()).secretKey).toBe('sk_test_local');
  } finally {
    await putLocalSecret(bff.info, bff.info.stripeSecretArn, stripeSecret);
    resetSecrets();
  }
});

it('reads a secret once for callers that ask at the same time on a cold start', async () => {
  // The webhook asks for the Stripe key and the webhook secret together; one Secrets Manager read serves both.
  resetSecrets();
  const send = jest.spyOn(SecretsManagerClient.prototype, 'send');
  try {
    const [a, b] = await Promise.all([getStripeSecretsAsAdmin(), getStripeSecretsAsAdmin()]);
    expect(a).toEqual(b);
    await getStripeSecretsAsAdmin();
    expect(send).toHaveBeenCalledTimes(1);
  } finally {
    send.mockRestore();
    resetSecrets();
  }
});

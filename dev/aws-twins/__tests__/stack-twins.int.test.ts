import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { putLocalSecret, readLocalSecrets, startLocalStack, type LocalStack } from '../../local-stack';
import type { OutboxMessage } from '../../outbox';

// The twins as the local stack wires them: SDK clients configured only by the handler environment
// (AWS_ENDPOINT_URL_<SERVICE>, the secret ARNs) reach them, the secrets hold the stack's values,
// and mail lands in the outbox the browser view serves.

describe('AWS twins in the local stack', () => {
  let dir: string;
  let stack: LocalStack;
  // startLocalStack sets the handler environment in process.env (as the API server's handlers see
  // it), so `new XClient({})` below is configured exactly as a handler's client.

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sb-twins-'));
    stack = await startLocalStack({ dir, ports: 'auto', log: () => undefined });
  });
  afterAll(async () => {
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('lists the twins and realistic secret ARNs in stack.json and the handler environment', () => {
    expect(stack.info.stripeSecretArn).toMatch(
      /^arn:aws:secretsmanager:us-east-1:000000000000:secret:SecretsStripe8F38C071-local-[A-Za-z0-9]{6}$/,
    );
    expect(stack.info.licenseSigningKeyArn).toMatch(
      /^arn:aws:secretsmanager:us-east-1:000000000000:secret:SecretsLicenseSigningKeyA9A19515-local-[A-Za-z0-9]{6}$/,
    );
    expect(process.env).toMatchObject({
      // Through the IAM gate, which forwards to the twins (the stack's own process signs as admin).
      AWS_ENDPOINT_URL_SESV2: stack.info.awsGate,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: stack.info.awsGate,
      STRIPE_SECRET_ARN: stack.info.stripeSecretArn,
      LICENSE_SIGNING_KEY_ARN: stack.info.licenseSigningKeyArn,
      MAIL_FROM: 'Stockbench <no-reply@stockbench.app>',
    });
    expect(stack.ports).toEqual(
      expect.arrayContaining([
        Number(new URL(stack.info.ses).port),
        Number(new URL(stack.info.secretsManager).port),
      ]),
    );
  });

  it('serves the seeded secrets to a client configured by the environment alone, and rotates them', async () => {
    const secrets = await readLocalSecrets(dir);
    const client = new SecretsManagerClient({});
    try {
      const read = async (arn: string) =>
        JSON.parse(
          (await client.send(new GetSecretValueCommand({ SecretId: arn }))).SecretString ?? '',
        ) as Record<string, string>;
      expect(await read(stack.info.stripeSecretArn)).toEqual({
        secretKey: 'sk_test_local',
        webhookSecret: secrets.stripeWebhookSecret,
      });
      expect(await read(stack.info.licenseSigningKeyArn)).toEqual({
        privateKeyPem: secrets.licenseSigningKey,
      });

      await putLocalSecret(stack.info, stack.info.stripeSecretArn, {
        secretKey: 'sk_test_other',
        webhookSecret: 'whsec_x',
      });
      expect(await read(stack.info.stripeSecretArn)).toEqual({
        secretKey: 'sk_test_other',
        webhookSecret: 'whsec_x',
      });
      // Back to the stack's values for whatever runs next.
      await putLocalSecret(stack.info, stack.info.stripeSecretArn, {
        secretKey: 'sk_test_local',
        webhookSecret: secrets.stripeWebhookSecret,
      });
    } finally {
      client.destroy();
    }
  });

  it('files mail sent with MAIL_FROM in the outbox the browser view serves', async () => {
    const to = `twins-${Date.now()}@example.com`;
    const client = new SESv2Client({});
    try {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: process.env.MAIL_FROM,
          Destination: { ToAddresses: [to] },
          Content: {
            Simple: {
              Subject: { Data: 'Hello from the twin' },
              Body: { Text: { Data: 'text' }, Html: { Data: '<p>html</p>' } },
            },
          },
        }),
      );
    } finally {
      client.destroy();
    }
    const messages = (await (
      await fetch(`${stack.info.outbox}/messages.json?to=${encodeURIComponent(to)}`)
    ).json()) as OutboxMessage[];
    expect(messages).toMatchObject([
      {
        to,
        from: 'Stockbench <no-reply@stockbench.app>',
        subject: 'Hello from the twin',
        html: '<p>html</p>',
      },
    ]);
  });
});

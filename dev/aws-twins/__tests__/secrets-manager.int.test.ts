import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CreateSecretCommand,
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { startSecretsManagerTwin, type SecretsManagerTwin } from '../secrets-manager';

// The Secrets Manager twin driven by the real SDK client, as the handlers use it.

describe('Secrets Manager twin', () => {
  let dir: string;
  let twin: SecretsManagerTwin;
  let client: SecretsManagerClient;
  let arn: string;
  const name = 'SecretsStripe8F38C071-test';
  const stripe = JSON.stringify({ secretKey: 'sk_test_local', webhookSecret: 'whsec_one' });

  const start = async () => {
    twin = await startSecretsManagerTwin({ port: 0, statePath: path.join(dir, 'state.json') });
    client = new SecretsManagerClient({
      endpoint: twin.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    });
  };
  const stop = async () => {
    client.destroy();
    await twin.stop();
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sb-secrets-'));
    await start();
    arn = await twin.ensureSecret(name, stripe);
  });
  afterAll(async () => {
    await stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives seeded secrets a realistic ARN', () => {
    expect(arn).toMatch(
      /^arn:aws:secretsmanager:us-east-1:000000000000:secret:SecretsStripe8F38C071-test-[A-Za-z0-9]{6}$/,
    );
  });

  it('gets a secret by full ARN, by name and by partial ARN', async () => {
    for (const SecretId of [arn, name, arn.slice(0, -7)]) {
      const out = await client.send(new GetSecretValueCommand({ SecretId }));
      expect(out).toMatchObject({
        ARN: arn,
        Name: name,
        SecretString: stripe,
        VersionId: expect.any(String),
        VersionStages: ['AWSCURRENT'],
      });
      expect(out.CreatedDate).toBeInstanceOf(Date);
    }
  });

  it('answers ResourceNotFoundException for an unknown secret', async () => {
    for (const SecretId of ['nope', `${arn.slice(0, -6)}zzzzzz`]) {
      await expect(client.send(new GetSecretValueCommand({ SecretId }))).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
        message: "Secrets Manager can't find the specified secret.",
        $metadata: { httpStatusCode: 400 },
      });
    }
  });

  it('makes a put value AWSCURRENT and the previous one AWSPREVIOUS', async () => {
    const before = await client.send(new GetSecretValueCommand({ SecretId: arn }));
    const rotated = JSON.stringify({ secretKey: 'sk_test_local', webhookSecret: 'whsec_two' });
    const put = await client.send(new PutSecretValueCommand({ SecretId: arn, SecretString: rotated }));
    expect(put).toMatchObject({ ARN: arn, Name: name, VersionStages: ['AWSCURRENT'] });
    expect(put.VersionId).not.toBe(before.VersionId);

    expect(await client.send(new GetSecretValueCommand({ SecretId: name }))).toMatchObject({
      SecretString: rotated,
      VersionId: put.VersionId,
    });
    expect(
      await client.send(new GetSecretValueCommand({ SecretId: name, VersionStage: 'AWSPREVIOUS' })),
    ).toMatchObject({ SecretString: stripe, VersionId: before.VersionId, VersionStages: ['AWSPREVIOUS'] });

    const described = await client.send(new DescribeSecretCommand({ SecretId: arn }));
    expect(described.VersionIdsToStages).toEqual({
      [before.VersionId ?? '']: ['AWSPREVIOUS'],
      [put.VersionId ?? '']: ['AWSCURRENT'],
    });
    expect(described.LastChangedDate).toBeInstanceOf(Date);
  });

  it('treats a repeated ClientRequestToken as the same put, and a changed value under it as an error', async () => {
    const token = '11111111-2222-4333-8444-555555555555';
    const first = await client.send(
      new PutSecretValueCommand({ SecretId: name, SecretString: 'v3', ClientRequestToken: token }),
    );
    const again = await client.send(
      new PutSecretValueCommand({ SecretId: name, SecretString: 'v3', ClientRequestToken: token }),
    );
    expect(again.VersionId).toBe(first.VersionId);
    await expect(
      client.send(
        new PutSecretValueCommand({ SecretId: name, SecretString: 'v4', ClientRequestToken: token }),
      ),
    ).rejects.toMatchObject({ name: 'ResourceExistsException' });
  });

  it('creates secrets, and refuses a second one with the same name', async () => {
    const created = await client.send(new CreateSecretCommand({ Name: 'placeholder', SecretString: '{}' }));
    expect(created.ARN).toMatch(/:secret:placeholder-[A-Za-z0-9]{6}$/);
    await expect(
      client.send(new CreateSecretCommand({ Name: 'placeholder', SecretString: '{}' })),
    ).rejects.toMatchObject({ name: 'ResourceExistsException' });
  });

  it('keeps its state across restarts, and ensureSecret only adds a version when the value changed', async () => {
    await stop();
    await start();
    expect(await twin.ensureSecret(name, 'v3')).toBe(arn);
    const described = await client.send(new DescribeSecretCommand({ SecretId: name }));
    expect(Object.keys(described.VersionIdsToStages ?? {})).toHaveLength(3);
    expect(await twin.ensureSecret(name, stripe)).toBe(arn);
    expect((await client.send(new GetSecretValueCommand({ SecretId: arn }))).SecretString).toBe(stripe);
    const state = JSON.parse(await readFile(path.join(dir, 'state.json'), 'utf8')) as {
      secrets: Record<string, unknown>;
    };
    expect(Object.keys(state.secrets).sort()).toEqual([name, 'placeholder']);
  });

  it('answers unknown operations and bad requests with 400s naming the error', async () => {
    const call = (target: string | undefined, body: string) =>
      fetch(twin.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          ...(target ? { 'x-amz-target': target } : {}),
        },
        body,
      });
    for (const [target, body, type] of [
      ['secretsmanager.RotateSecret', '{}', 'UnknownOperationException'],
      [undefined, '{}', 'UnknownOperationException'],
      ['secretsmanager.GetSecretValue', '{', 'SerializationException'],
      ['secretsmanager.GetSecretValue', '{}', 'InvalidParameterException'],
    ] as const) {
      const res = await call(target, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ __type: type, message: expect.any(String) });
    }
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { InvalidParameterException } from '@aws-sdk/client-cognito-identity-provider';
import { CLIENT_SETTINGS, USER_POOL_SETTINGS } from '../../../cdk/lib/user-pool-settings';
import { ensureUserPool } from '../setup';

// The local stack refuses a pool and client Cognito refuses, although cognito-local would create them:
// a client that cannot write a required attribute (cdk/lib/cognito-client-rules.ts). Refused before any
// call, so no emulator is needed (nothing listens at the endpoint).

const NOWHERE = 'http://127.0.0.1:9';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cognito-setup-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it("refuses a pool whose client cannot write a required attribute, with Cognito's error", async () => {
  const emailRequired = {
    pool: {
      ...USER_POOL_SETTINGS,
      schema: USER_POOL_SETTINGS.schema.map((a) => (a.name === 'email' ? { ...a, required: true } : a)),
    },
    client: CLIENT_SETTINGS,
  };
  const attempt = ensureUserPool(NOWHERE, path.join(dir, 'ids.json'), emailRequired);
  await expect(attempt).rejects.toBeInstanceOf(InvalidParameterException);
  await expect(attempt).rejects.toThrow('Invalid write attributes specified while creating a client');
});

it('accepts the same pool once its client may write the required attribute (then it calls Cognito)', async () => {
  const writable = {
    pool: {
      ...USER_POOL_SETTINGS,
      schema: USER_POOL_SETTINGS.schema.map((a) => (a.name === 'email' ? { ...a, required: true } : a)),
    },
    client: { ...CLIENT_SETTINGS, writeAttributes: ['email', 'locale'] },
  };
  // Past the rule, the call reaches the (absent) endpoint: a network error, not Cognito's refusal.
  await expect(ensureUserPool(NOWHERE, path.join(dir, 'ids.json'), writable)).rejects.not.toBeInstanceOf(
    InvalidParameterException,
  );
});

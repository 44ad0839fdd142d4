import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Mail } from '../../../../lambdas/lib/mail';
import { startLambdaInvoke, TRIGGER_FUNCTIONS, type LambdaInvokeServer } from '../../../lambda-invoke';
import { freePort } from '../../../ports';
import { startCognito, type LocalCognito, type LocalCognitoOptions } from '../../index';
import { localCognitoClient } from '../../setup';

// The local Cognito (cognito-local behind the proxy) and its triggers' Lambda endpoint, without the rest
// of the stack: the triggers run in this process, and by default without PostConfirmation, which
// records revoked sessions in DynamoDB (not started here; the whole stack's tests run it).

export interface CognitoAlone {
  dir: string;
  lambda: LambdaInvokeServer;
  cognito: LocalCognito;
  /** Signed with the stack's own admin keys. */
  client: CognitoIdentityProviderClient;
  stop(): Promise<void>;
}

const { 'post-confirmation': _needsTable, ...WITHOUT_TABLE } = TRIGGER_FUNCTIONS;

export async function startCognitoAlone(
  opts: {
    /** The functions the Lambda endpoint runs (TRIGGER_FUNCTIONS without post-confirmation by default). */
    functions?: Record<string, string>;
    /** Where the triggers' mails go (nowhere by default). */
    deliver?: (mail: Mail) => Promise<void>;
    /** cognito-local's own port (a free one by default). */
    upstreamPort?: number;
    challengeSessions?: LocalCognitoOptions['challengeSessions'];
    /** The site the triggers' mails link to. */
    siteUrl?: string;
    /** Passkeys on the pool (off by default, as deployed). */
    passkeys?: boolean;
  } = {},
): Promise<CognitoAlone> {
  process.env.SITE_URL = opts.siteUrl ?? 'http://127.0.0.1:8000';
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-cognito-'));
  const lambda = await startLambdaInvoke({
    port: 0,
    functions: opts.functions ?? WITHOUT_TABLE,
    deliver: opts.deliver ?? (async () => undefined),
  });
  const cognito = await startCognito({
    dataDir: dir,
    port: 0,
    upstreamPort: opts.upstreamPort ?? (await freePort()),
    lambdaEndpoint: lambda.url,
    lambdaCredentials: lambda.cognitoCredentials,
    messageHookUrl: lambda.messageHookUrl,
    challengeSessions: opts.challengeSessions,
    passkeys: opts.passkeys,
  });
  const client = localCognitoClient(cognito.endpoint);
  return {
    dir,
    lambda,
    cognito,
    client,
    stop: async () => {
      client.destroy();
      await cognito.stop();
      await lambda.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

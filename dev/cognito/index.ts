import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AdminGateOptions } from './admin-gate';
import type { ChallengeSessionOptions } from './challenge-sessions';
import { startCognitoLocal } from './cognito-local';
import { LOCAL_RELYING_PARTY_ID } from './passkey-settings';
import { startCognitoProxy } from './proxy';
import { ensureUserPool, type CognitoIds } from './setup';

// Local Cognito as the rest of the stack sees it: cognito-local (child process) behind our proxy,
// with the product's user pool and client. The proxy's URL is the endpoint and the issuer base.

export interface LocalCognito extends CognitoIds {
  endpoint: string;
  issuer: string;
  jwksUrl: string;
  /** cognito-local's own pid, so callers can check it is gone after stop(). */
  pid: number;
  stop(): Promise<void>;
}

export interface LocalCognitoOptions {
  dataDir: string;
  /** Public (proxy) port; 0 picks a free one. */
  port: number;
  /** cognito-local's own port (internal). */
  upstreamPort: number;
  lambdaEndpoint: string;
  /** The keys the Lambda endpoint takes Cognito's invocations with (its cognitoCredentials). */
  lambdaCredentials: { accessKeyId: string; secretAccessKey: string };
  messageHookUrl: string;
  /** The Lambda Invoke endpoint's name of the PreSignUp trigger, when the pool has one (the stack's does). */
  preSignUpFunction?: string;
  /** Likewise for the PreAuthentication trigger. */
  preAuthenticationFunction?: string;
  /** The function Cognito's CloudTrail events of security changes reach (EventBridge's part, played locally). */
  securityEventsFunction?: string;
  /** Sign-in challenge sessions (tests move their clock). */
  challengeSessions?: ChallengeSessionOptions;
  /** The stack's IAM gate, which admin operations sent to the endpoint must pass (admin-gate.ts). */
  iamGate?: AdminGateOptions;
  /**
   * Passkeys as a first factor, with LOCAL_RELYING_PARTY_ID (the site on localhost) as the relying party.
   * Off by default, as the deployed pool has them (cdk/lib/user-pool-settings.ts, firstAuthFactors).
   */
  passkeys?: boolean;
  /** Where a slow start of cognito-local says it is still waiting. */
  progress?: (line: string) => void;
}

// PreSignUp and PreAuthentication are not among them: the proxy runs them (proxy-triggers.ts).
const COGNITO_TRIGGERS = {
  CustomMessage: 'custom-message',
  PostConfirmation: 'post-confirmation',
  PreTokenGeneration: 'pre-token-generation',
};

export async function startCognito(opts: LocalCognitoOptions): Promise<LocalCognito> {
  // The proxy must exist first: its URL is the token issuer cognito-local is configured with.
  const upstreamUrl = `http://127.0.0.1:${opts.upstreamPort}`;
  const signingKeyFile = path.join(opts.dataDir, 'signing-key.json');
  // Made anew on each start and held by the proxy and cognito-local only.
  const upstreamSecret = randomBytes(32).toString('hex');
  const lambda = { lambdaEndpoint: opts.lambdaEndpoint, credentials: opts.lambdaCredentials };
  const proxy = await startCognitoProxy({
    upstream: upstreamUrl,
    upstreamSecret,
    port: opts.port,
    revocationsFile: path.join(opts.dataDir, 'revocations.json'),
    signingKeyFile,
    resetRequiredFile: path.join(opts.dataDir, 'reset-required.json'),
    webAuthnCredentialsFile: path.join(opts.dataDir, 'webauthn-credentials.json'),
    passkeyRelyingPartyId: opts.passkeys ? LOCAL_RELYING_PARTY_ID : undefined,
    preSignUp: opts.preSignUpFunction ? { ...lambda, functionName: opts.preSignUpFunction } : undefined,
    preAuthentication: opts.preAuthenticationFunction
      ? { ...lambda, functionName: opts.preAuthenticationFunction }
      : undefined,
    securityEvents: opts.securityEventsFunction
      ? { ...lambda, functionName: opts.securityEventsFunction }
      : undefined,
    challengeSessions: opts.challengeSessions,
    iamGate: opts.iamGate,
    triggerNames: Object.fromEntries(Object.entries(COGNITO_TRIGGERS).map(([trigger, fn]) => [fn, trigger])),
  });
  try {
    const local = await startCognitoLocal({
      dataDir: opts.dataDir,
      port: opts.upstreamPort,
      issuerDomain: proxy.url,
      lambdaEndpoint: opts.lambdaEndpoint,
      lambdaCredentials: opts.lambdaCredentials,
      secret: upstreamSecret,
      triggers: COGNITO_TRIGGERS,
      messageHookUrl: opts.messageHookUrl,
      logFile: path.join(opts.dataDir, 'cognito-local.log'),
      signingKeyFile,
      progress: opts.progress,
    });
    try {
      const ids = await ensureUserPool(proxy.url, path.join(opts.dataDir, 'ids.json'));
      const issuer = `${proxy.url}/${ids.userPoolId}`;
      return {
        ...ids,
        endpoint: proxy.url,
        issuer,
        jwksUrl: `${issuer}/.well-known/jwks.json`,
        pid: local.pid,
        stop: async () => {
          await proxy.stop();
          await local.stop();
        },
      };
    } catch (error) {
      await local.stop();
      throw error;
    }
  } catch (error) {
    await proxy.stop();
    throw error;
  }
}

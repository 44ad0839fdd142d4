import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import Stripe from 'stripe';
import { ensureVerifiedUser } from '../../../dev/cognito/setup';
import type { IamGate } from '../../../dev/iam/gate';
import {
  handlerEnv,
  localHandlerCredentials,
  readLocalSecrets,
  startLocalStack,
  type LocalStack,
} from '../../../dev/local-stack';
import { runJob } from '../../../dev/run-job';
import type { StackInfo } from '../../../dev/stack-info';
import type { AnswerOf, ApiErrorBody, BodyOf, Contract, QueryOf } from '../../contracts/contract';
import { applyEnv, WORKER_STACK_GLOBAL, type WorkerStack } from './worker-stack';

// Integration-test support: a local stack (dynalite, Cognito behind its proxy, the Stripe emulator, the
// local API server), the worker's or the file's own, real users with ID tokens, and a fetch wrapper.

export interface Api {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; message: string } };
}

/** A call typed by the endpoint's contract (lambdas/endpoints/<name>/contract.ts). */
export interface Sent<C extends Contract> extends Api {
  /** The answer, typed as the contract says, when the status is 200. */
  answer?: AnswerOf<C>;
  error?: ApiErrorBody['error'];
}

export interface User {
  uid: string;
  email: string;
  password: string;
  token: string;
}

export interface Bff {
  info: StackInfo;
  /** The stack's IAM gate: every AWS call a handler makes passes it (onDecision shows each check). */
  iamGate: IamGate;
  /** Every handler's next request runs in a new instance (it reads its secrets again). */
  recycleHandlers(): Promise<void>;
  stripe: Stripe;
  /**
   * Cognito's public API as the site, the desktop application or anyone calls it: no AWS keys (the
   * SDK signs with dummy ones, which Cognito ignores for these operations).
   */
  cognito: CognitoIdentityProviderClient;
  /** Cognito signed with the stack's admin keys, as an operator calls it (admin operations need a grant). */
  cognitoAdmin: CognitoIdentityProviderClient;
  /** The stack's Stripe webhook signing secret (what Stripe signs deliveries with). */
  webhookSecret: string;
  /** Where the SES twin files every mail (dev/outbox.ts readOutbox reads it). */
  outboxDir: string;
  /** A verified user, with a new address unless given one (an address free again after a deletion). */
  newUser(email?: string): Promise<User>;
  signIn(email: string, password: string): Promise<{ token: string; uid: string }>;
  call(
    method: string,
    route: string,
    opts?: {
      user?: User;
      body?: unknown;
      raw?: string;
      query?: Record<string, string>;
      headers?: Record<string, string>;
    },
  ): Promise<Api>;
  /**
   * Runs a scheduled job (lambdas/schedules.ts) once, with its own role's keys; answers its result.
   * `time` is the scheduled event's time (a run as EventBridge would start it then; now by default).
   */
  runJob(name: string, time?: string): Promise<unknown>;
  /** Calls the endpoint at its contract's method and path, with a request of the contract's type. */
  send<C extends Contract>(
    contract: C,
    opts?: { user?: User; body?: BodyOf<C>; query?: QueryOf<C>; headers?: Record<string, string> },
  ): Promise<Sent<C>>;
  stop(): Promise<void>;
}

/** The claims of a JWT, unverified (tests read their own tokens). */
export const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

/**
 * `webhooks: false`: the Stripe emulator records events but delivers none (a webhook that never came).
 * `securityEvents: false`: the local Cognito sends no CloudTrail events (the test delivers them, late).
 * `sesSandbox`: SES as in a new account (dev/local-stack.ts).
 * `machineLimit`: the deployment's limit on machines per license (default none).
 * `authSessionSeconds`: how long a sign-in challenge can be answered (Cognito's 3 minutes by default).
 * `passkeys`: passkeys as a first factor on the local Cognito (off by default, as deployed).
 * `own: true`: a stack of the file's own even without settings (it moves the Stripe emulator's clock
 * or changes what every later file would see).
 * Without any of these, the file uses its Jest worker's stack (worker-stack-environment.ts).
 */
export async function startBff(
  opts: {
    webhooks?: boolean;
    securityEvents?: boolean;
    sesSandbox?: { verifiedRecipients: string[] };
    machineLimit?: number;
    authSessionSeconds?: number;
    passkeys?: boolean;
    own?: boolean;
  } = {},
): Promise<Bff> {
  const { own, ...settings } = opts;
  const workerStack = (globalThis as { [WORKER_STACK_GLOBAL]?: () => Promise<WorkerStack> })[
    WORKER_STACK_GLOBAL
  ];
  const { stack, dir, release } =
    !own && Object.values(settings).every((v) => v === undefined) && workerStack
      ? await takeWorkerStack(await workerStack())
      : await ownStack(settings);
  const { info } = stack;
  const stripeUrl = new URL(info.stripeApi);
  const secrets = await readLocalSecrets(dir);
  const { stripeWebhookSecret: webhookSecret } = secrets;
  const stripe = new Stripe('sk_test_local', {
    host: stripeUrl.hostname,
    port: Number(stripeUrl.port),
    protocol: 'http',
    maxNetworkRetries: 1,
  });
  const cognito = new CognitoIdentityProviderClient({
    region: info.region,
    endpoint: info.cognitoEndpoint,
    credentials: { accessKeyId: 'anyone', secretAccessKey: 'anyone' },
  });
  const cognitoAdmin = new CognitoIdentityProviderClient({
    region: info.region,
    endpoint: info.cognitoEndpoint,
    credentials: info.adminCredentials,
  });

  async function signIn(email: string, password: string) {
    const out = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: info.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const token = out.AuthenticationResult?.IdToken;
    if (!token) throw new Error('no ID token');
    return { token, uid: String(claimsOf(token).sub) };
  }

  async function newUser(email = `u-${randomUUID().slice(0, 8)}@example.com`): Promise<User> {
    const password = 'Passw0rd!long';
    await ensureVerifiedUser(info.cognitoEndpoint, info.userPoolId, email, password);
    const { token, uid } = await signIn(email, password);
    return { uid, email, password, token };
  }

  async function call(
    method: string,
    route: string,
    opts: {
      user?: User;
      body?: unknown;
      raw?: string;
      query?: Record<string, string>;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Api> {
    const url = new URL(`${info.api}/${route}`);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.user) headers.authorization = `Bearer ${opts.user.token}`;
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    let parsed: Api['body'] = {};
    try {
      parsed = text ? (JSON.parse(text) as Api['body']) : {};
    } catch {
      parsed = { text };
    }
    return { status: res.status, body: parsed };
  }

  async function send<C extends Contract>(
    contract: C,
    opts: { user?: User; body?: BodyOf<C>; query?: QueryOf<C>; headers?: Record<string, string> } = {},
  ): Promise<Sent<C>> {
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries((opts.query ?? {}) as Record<string, unknown>)) {
      if (v !== undefined) query[k] = String(v);
    }
    const res = await call(contract.method, contract.path.slice('/api/'.length), { ...opts, query });
    return res.status === 200
      ? { ...res, answer: res.body as AnswerOf<C> }
      : { ...res, error: res.body.error };
  }

  return {
    info,
    iamGate: stack.iamGate,
    recycleHandlers: stack.recycleHandlers,
    stripe,
    cognito,
    cognitoAdmin,
    webhookSecret,
    outboxDir: path.join(dir, 'outbox'),
    newUser,
    signIn,
    call,
    send,
    runJob: (name, time) =>
      runJob(name, handlerEnv(info), localHandlerCredentials(secrets)(name), undefined, time),
    stop: async () => {
      cognito.destroy();
      cognitoAdmin.destroy();
      await release();
    },
  };
}

interface Acquired {
  stack: Pick<LocalStack, 'info' | 'iamGate' | 'recycleHandlers'>;
  dir: string;
  /** Ends the file's use of the stack: stops a stack of its own. */
  release(): Promise<void>;
}

async function ownStack(settings: Parameters<typeof startBff>[0] = {}): Promise<Acquired> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bff-'));
  const stack = await startLocalStack({
    dir,
    site: false,
    ports: 'auto',
    log: () => undefined,
    webhooks: settings.webhooks,
    securityEvents: settings.securityEvents,
    sesSandbox: settings.sesSandbox,
    machineLimit: settings.machineLimit ?? null,
    authSessionSeconds: settings.authSessionSeconds,
    passkeys: settings.passkeys,
    persist: false,
  });
  return {
    stack,
    dir,
    release: async () => {
      await stack.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The worker's stack as the file starts: what an earlier file left in the Stripe emulator and the IAM
 * gate (faults, latency, throttles) is cleared, and the gate's listeners this file adds end with it.
 * Its users, payments and mails stay: every file makes its own, with new addresses.
 */
async function takeWorkerStack({ stack, dir, env }: WorkerStack): Promise<Acquired> {
  applyEnv(process.env, env);
  const emulator = (route: string, init: RequestInit) =>
    fetch(`${stack.info.stripeApi}/_emulator/${route}`, init);
  await emulator('faults', { method: 'DELETE' });
  await emulator('latency', { method: 'POST', body: new URLSearchParams({ ms: '0' }) });
  stack.iamGate.clearThrottles();
  const listeners: (() => void)[] = [];
  const iamGate: IamGate = {
    ...stack.iamGate,
    onDecision: (listener) => {
      const stop = stack.iamGate.onDecision(listener);
      listeners.push(stop);
      return stop;
    },
  };
  return {
    stack: { info: stack.info, iamGate, recycleHandlers: stack.recycleHandlers },
    dir,
    release: async () => listeners.forEach((stop) => stop()),
  };
}

/** Polls until check answers a value (webhooks arrive asynchronously). */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 15000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until)
      throw new Error(`condition not met in ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    await sleep(150);
  }
}

/** The payment intent id inside a client secret (pi_..._secret_...). */
export const paymentIntentOf = (clientSecret: string): string => clientSecret.split('_secret_')[0] ?? '';

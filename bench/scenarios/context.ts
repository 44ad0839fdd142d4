import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type Stripe from 'stripe';
import type { EndpointName } from '../../lambdas/routes';

// What an endpoint's bench scenario (lambdas/endpoints/<name>/bench.ts) is given by bench/api-tree.ts:
// a timed call by endpoint name, users made and subscribed as the product makes them, and the tree's
// stack. Each endpoint says how it is measured (EndpointBench): a call in the "reads" scenario, a
// scenario of its own, or inside another endpoint's scenario.

/** A signed-in user of the bench (password kept: some scenarios sign in again). */
export interface BenchUser {
  email: string;
  password: string;
  token: string;
  uid: string;
}

/** A paid subscription, bought as the site buys it. */
export interface Purchase {
  customerId: string;
  subscriptionId: string;
  pmid: string;
}

interface CallOptions {
  user?: BenchUser;
  /** The query string of a GET, the JSON body otherwise. */
  params?: Record<string, unknown>;
  /** A body sent as it is (the webhook's signed payload). */
  raw?: string;
  headers?: Record<string, string>;
  /** Statuses that pass (default [200]). */
  expect?: number[];
}

export interface BenchContext {
  /** One timed call of an endpoint of the tree. */
  call(endpoint: EndpointName, opts?: CallOptions): Promise<Record<string, unknown>>;
  /** Whether the measured tree has the endpoint (a baseline tree may be older). */
  has(endpoint: EndpointName): boolean;
  /** A verified user of the tree's Cognito, signed in. */
  newUser(name: string): Promise<BenchUser>;
  /** An ID token of the user and its access token (also after the BFF ended their sessions). */
  signIn(email: string, password: string): Promise<{ token: string; uid: string; accessToken: string }>;
  /** setup-checkout, the card paid in Stripe, complete-checkout (and what the checkout page asks). */
  checkout(user: BenchUser, count: number, card?: string): Promise<Purchase>;
  /** The keys of the user's licenses (get-licenses). */
  keysOf(user: BenchUser): Promise<string[]>;
  /** A fresh Idempotency-Key header, as the site sends with every user action. */
  idempotency(): Record<string, string>;
  /** A scenario's rounds: `full` in a full run, one or two with --quick. */
  roundsOf(full: number): number;
  /** The fraction of the full rounds this run makes (1, or 0.02 with --quick). */
  scale: number;
  /** The phase being run: warm (timed, modeled, profiled) or cold (a fresh node per call). */
  phase(): 'warm' | 'cold';
  /** A subscriber with three licenses: the first validated from one machine, the second given to `holder`. */
  a: BenchUser;
  subA: Purchase;
  licensesA: string[];
  /** The person who holds A's second license. */
  holder: BenchUser;
  /** An installation as the desktop application describes it. */
  machineOf(id: string): { id: string; name: string; platform: string; appVersion: string };
  /** Whether the tree's validate-license takes the installation (trees with machines do). */
  machines: boolean;
  stripe: Stripe;
  stripeWebhookSecret: string;
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  /** The SES twin's outbox (GET messages.json?to=). */
  outbox: string;
  /** The tree's handler source of an endpoint (to tell request shapes of older trees apart). */
  handlerSource(endpoint: EndpointName): Promise<string>;
}

export interface BenchScenario {
  name: string;
  rounds: number;
  run(i: number): Promise<void>;
}

/** How an endpoint is measured. */
export type EndpointBench =
  /** One call in the "reads" scenario, every round. */
  | { read(ctx: BenchContext, i: number): Promise<unknown> }
  /** A scenario of its own (made once, before the warm-up), which may call other endpoints too. */
  | { scenario(ctx: BenchContext): BenchScenario | Promise<BenchScenario> }
  /** Called, and so timed, inside another endpoint's scenario. */
  | { measuredBy: EndpointName };

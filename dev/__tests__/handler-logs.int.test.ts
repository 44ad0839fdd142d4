import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { ERROR_LINES, REFUSED_DELIVERY_LINES } from '../../cdk/lib/monitoring';
import { jsonFilterPattern } from '../log-filter-pattern';
import { readLocalSecrets, startLocalStack, type LocalStack } from '../local-stack';

// The local stack runs each handler as Lambda does with the JSON log format (dev/lambda-runtime-logs.ts),
// so the webhook's alarms can be checked end to end: a delivery that fails is counted by the failure
// alarm's metric filter, a delivery with a wrong signature by the refused-deliveries filter, each only
// by its own (the patterns are the ones cdk/lib/monitoring.ts puts in the template).

// It reads the webhook's WARN lines, which a test run otherwise leaves out (jest.setup-slow.ts).
process.env.POWERTOOLS_LOG_LEVEL = 'INFO';

let dir: string;
let stack: LocalStack;
const lines: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'handler-logs-'));
  stack = await startLocalStack({
    dir,
    ports: 'auto',
    log: () => undefined,
    handlerLog: (name, line) => {
      if (name === 'stripe-webhook') lines.push(line);
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  await rm(dir, { recursive: true, force: true });
});

const failures = jsonFilterPattern(ERROR_LINES.logPatternString);
const refusals = jsonFilterPattern(REFUSED_DELIVERY_LINES.logPatternString);

async function deliver(payload: string, secret: string): Promise<number> {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const res = await fetch(`${stack.info.api}/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  await res.arrayBuffer();
  return res.status;
}

/** An event about a subscription Stripe does not have: reading it fails, so the delivery fails. */
const eventAboutMissingSubscription = () =>
  JSON.stringify({
    id: `evt_logs${Date.now()}`,
    object: 'event',
    type: 'customer.subscription.updated',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: 'sub_doesnotexist', object: 'subscription', customer: 'cus_doesnotexist' } },
  });

it('a delivery that fails writes a line the failure alarm counts, and none the refusal alarm counts', async () => {
  const { stripeWebhookSecret } = await readLocalSecrets(dir);
  lines.length = 0;
  expect(await deliver(eventAboutMissingSubscription(), stripeWebhookSecret)).toBe(500);
  expect(lines.filter(failures)).toHaveLength(1);
  expect(lines.filter(refusals)).toHaveLength(0);
});

it('a delivery with a wrong signature is counted by the refusal alarm only', async () => {
  lines.length = 0;
  expect(await deliver(eventAboutMissingSubscription(), 'whsec_not_the_secret')).toBe(400);
  expect(lines.filter(refusals)).toHaveLength(1);
  expect(lines.filter(failures)).toHaveLength(0);
});

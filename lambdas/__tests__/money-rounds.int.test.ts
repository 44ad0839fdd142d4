import { startBff } from './support/bff';
import { checkInvariants } from './support/invariants';
import type { Plan } from './rounds/plans';
import { ROUNDS, SEED, VERBOSE, ONLY, drawPlan, describePlan, beyondSdkRetries } from './rounds/plans';
import {
  useStack,
  MACHINE_LIMIT,
  stack,
  roundTotals,
  Round,
  licenses,
  renewing,
  stripeRenewing,
  clearFaults,
  emulatorEvents,
  webhooksHandled,
} from './rounds/round';
import { play } from './rounds/play';

// Money under concurrency, as seeded rounds: each round draws, from a seeded PRNG, a
// scenario on a fresh account and runs its requests in parallel through the local stack as real users
// (ID tokens, Idempotency-Keys, paying with the emulator's test card): two adds, an add and a remove,
// two removes, two tabs' checkouts, a double click (one key), and retries after injected failures:
// Stripe acted but its answer was lost (emulator fault `drop`), Stripe answered 500 (`error`), Stripe
// answered a 500 it stores under the request's key (`error-stored`, `error-after-change`), a DynamoDB
// call was throttled (the IAM gate's throttle hook), each N times, below and beyond what the
// SDKs retry on their own. A user retries, with the same key, what the api-client keeps the key for
// (5xx, 409 BUSY / REQUEST_IN_PROGRESS), as the user would click again.
//
// After each round: every webhook Stripe sent about it arrived and was answered 2xx (waited for, up
// to a minute; one that did not is named and fails the round), the money invariants
// (support/invariants.ts) hold, the outcome is the one asked for exactly once (Stripe's renewing
// quantity), and no 5xx was answered, except in a round whose injected failure outlasted the SDK's own
// retries, and then a retry with the same key succeeded. Each round's draw leaves one right outcome:
// where two tabs race, either the order does not matter or the round reads which one won.
//
// ROUNDS (default 8; `npm run rounds` runs 100), seed ROUNDS_SEED (default a fixed one, so `npm test`
// plays the same rounds every time; `ROUNDS_SEED=random` draws one, printed),
// ROUNDS_ONLY=3,7 runs only those rounds of the seed. Each round's draw depends only on the seed and its
// number, so a failing round reproduces alone; ROUNDS_VERBOSE=1 prints every round's requests and answers.

/**
 * Rounds found to break an invariant through a defect in product code, left for its owners: a plan
 * that matches is not run (its test is listed as skipped with the reason), so the rest stays green.
 * Each entry names the seed and round that showed it. Never a reason to weaken the checks.
 */
const KNOWN_FAILURES: { name: string; seed: number; round: number; matches: (p: Plan) => boolean }[] = [];

beforeAll(async () => {
  console.log(`money-rounds: ROUNDS=${ROUNDS} ROUNDS_SEED=${SEED}`);
  // With a machine limit, so each round also races the limit's conditional write (machinesAtOnce).
  useStack(await startBff({ machineLimit: MACHINE_LIMIT }));
});

// --- the rounds ---------------------------------------------------------------------------------------

const plans = Array.from({ length: ROUNDS }, (_, i) => i + 1)
  .filter((n) => ONLY.size === 0 || ONLY.has(n))
  .map((n) => ({ n, plan: drawPlan(n) }));

describe(`money rounds (seed ${SEED})`, () => {
  for (const { n, plan } of plans) {
    const known = KNOWN_FAILURES.find((k) => k.matches(plan));
    const title = `round ${n}: ${describePlan(plan)}`;
    if (known) {
      it.skip(`${title} (KNOWN FAILURE: ${known.name})`, () => undefined);
      roundTotals.skipped++;
      continue;
    }
    it(title, () => runRound(n, plan, SEED));
  }
});

// Each known failure replays the round that showed it, and is expected to fail: once the defect is
// fixed this turns red, to say the entry can go.
describe('known failures, replayed', () => {
  for (const k of KNOWN_FAILURES) {
    it.failing(`round ${k.round} of seed ${k.seed} still fails: ${k.name}`, () =>
      runRound(k.round, drawPlan(k.round, k.seed), k.seed, false),
    );
  }
});

/** Plays one round, then checks it; throws with every problem found and the round's journal. */
async function runRound(n: number, plan: Plan, seed: number, counted = true): Promise<void> {
  const r = new Round(n, plan, seed);
  const totals = counted ? roundTotals : { ...roundTotals, failed: [] as string[], answers: {} };
  totals.rounds++;
  let outcome: Awaited<ReturnType<typeof play>> | undefined;
  let failure: unknown;
  const before = new Set((await emulatorEvents()).map((e) => e.id));
  try {
    outcome = await play(r);
  } catch (err) {
    failure = err;
  }
  const left = await clearFaults();
  if (left.some((f) => f.remaining > 0)) r.notes.push('a Stripe fault was left unused');
  const problems: string[] = [];
  for (const op of r.ops) {
    const codes = op.statuses.map((s) => Number.parseInt(s, 10)).filter((c) => !Number.isNaN(c));
    totals.operations++;
    totals.requests += codes.length;
    for (const status of op.statuses)
      if (/^(5\d\d|409)/.test(status)) totals.answers[status] = (totals.answers[status] ?? 0) + 1;
    const fives = codes.filter((c) => c >= 500).length;
    if (codes[0] !== undefined && codes[0] >= 500) totals.first5xx++;
    if (fives && beyondSdkRetries(plan)) totals.allowed5xx += fives;
    else if (fives) {
      totals.unexpected5xx += fives;
      problems.push(`${op.label} was answered a 5xx though no injected failure outlasted the SDK's retries`);
    }
    const last = codes[codes.length - 1];
    if (last !== undefined && last >= 500) {
      totals.final5xx++;
      problems.push(`${op.label} still failed after the retries`);
    }
  }
  // The account is checked even when the round failed halfway, once Stripe's webhooks about it
  // have been handled; a webhook that did not arrive fails the round, and nothing is checked without it.
  const missing = await webhooksHandled(before);
  totals.missingWebhooks += missing.length;
  problems.push(...missing);
  if (r.user && missing.length === 0) {
    const broken = await checkInvariants(stack(), r.user.uid);
    totals.violations += broken.length;
    problems.push(...broken.map((b) => `money invariant: ${b}`));
  }
  if (missing.length === 0 && outcome?.subscriptionId && outcome.expected !== undefined) {
    const billed = await stripeRenewing(outcome.subscriptionId);
    const keys = renewing(await licenses(outcome.user)).length;
    if (billed !== outcome.expected || keys !== outcome.expected)
      problems.push(
        `expected ${outcome.expected} renewing licenses, once; Stripe renews ${billed}, ${keys} renewing keys`,
      );
  }
  if (failure)
    problems.unshift(failure instanceof Error ? (failure.message.split('\n')[0] ?? '') : String(failure));
  if (VERBOSE) console.log(r.journal);
  if (problems.length) {
    totals.failed.push(`round ${n}`);
    throw new Error(`${problems.map((p) => `- ${p}`).join('\n')}\n${r.journal}`);
  }
}

afterAll(async () => {
  const totals = roundTotals;
  console.log(
    [
      `money-rounds report (seed ${SEED}): ${totals.rounds} rounds run, ${totals.skipped} known failures skipped`,
      `  operations: ${totals.operations} (${totals.requests} requests with retries)`,
      `  invariant violations: ${totals.violations}`,
      `  webhooks not handled in time: ${totals.missingWebhooks}`,
      `  5xx: ${totals.first5xx} operations first answered 5xx; ${totals.allowed5xx} 5xx after injected failures beyond the SDK's retries, ${totals.unexpected5xx} unexpected; ${totals.final5xx} still 5xx after retries`,
      `  5xx and 409 answers: ${JSON.stringify(totals.answers)}`,
      ...(totals.failed.length ? [`  failed: ${totals.failed.join('; ')}`] : []),
    ].join('\n'),
  );
  await stack()?.stop();
});

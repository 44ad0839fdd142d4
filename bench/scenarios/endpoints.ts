import { ENDPOINT_BENCH } from '../../lambdas/endpoints/bench';
import type { EndpointName } from '../../lambdas/routes';
import type { BenchContext, BenchScenario, EndpointBench } from './context';

// The scenarios of a run, from every endpoint's bench.ts (lambdas/endpoints/bench.ts): one "reads"
// scenario of every endpoint measured by a read, then each endpoint's own scenario. An endpoint the
// measured tree lacks (an older baseline) is left out, and so is a scenario that calls an endpoint the
// tree lacks.

const entries = Object.entries(ENDPOINT_BENCH) as [EndpointName, EndpointBench][];

/** The endpoints measured inside `owner`'s scenario. */
const measuredIn = (owner: EndpointName): EndpointName[] =>
  entries.filter(([, b]) => 'measuredBy' in b && b.measuredBy === owner).map(([name]) => name);

export async function scenariosOf(ctx: BenchContext): Promise<BenchScenario[]> {
  for (const [name, b] of entries) {
    if ('measuredBy' in b && !('scenario' in ENDPOINT_BENCH[b.measuredBy]))
      throw new Error(`${name} is measured by ${b.measuredBy}, which has no scenario of its own`);
  }
  const reads = entries.filter(([name, b]) => 'read' in b && ctx.has(name));
  const scenarios: BenchScenario[] = [
    {
      name: 'reads',
      rounds: ctx.roundsOf(200),
      run: async (i) => {
        for (const [, b] of reads) if ('read' in b) await b.read(ctx, i);
      },
    },
  ];
  for (const [name, b] of entries) {
    if (!('scenario' in b) || !ctx.has(name)) continue;
    // The checkout's steps are every scenario's; the others must be in the tree for their scenario.
    const calls = measuredIn(name).filter((n) => ENDPOINT_BENCH[n] !== undefined && !CHECKOUT.has(n));
    if (calls.every((n) => ctx.has(n))) scenarios.push(await b.scenario(ctx));
  }
  return scenarios;
}

/** What ctx.checkout calls (those a tree lacks it skips). */
const CHECKOUT: ReadonlySet<EndpointName> = new Set([
  'setup-checkout',
  'checkout-info',
  'accept-terms',
  'complete-checkout',
]);

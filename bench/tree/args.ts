import path from 'node:path';
import { parseArgs } from 'node:util';
import { MODELED_STRIPE_MS, type SdkVariant } from '../api-report';

// bench/api-tree.ts's command line (see its header).

/** The repository this bench runs from (its own tree unless --root says otherwise). */
export const ROOT = path.join(__dirname, '..', '..');

export function parseCliArgs(args: string[]) {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      root: { type: 'string', default: ROOT },
      out: { type: 'string' },
      label: { type: 'string', default: 'tree' },
      variants: { type: 'string', default: 'bundled,runtime' },
      phases: { type: 'string', default: 'warm,modeled,cold' },
      quick: { type: 'boolean', default: false },
      'no-profile': { type: 'boolean', default: false },
      /** Stripe's modeled latency in the 'modeled' phase (ms per API answer). */
      'stripe-latency': { type: 'string', default: String(MODELED_STRIPE_MS) },
      /** node's flags in the cold phase: CDK sets NODE_OPTIONS=--enable-source-maps on every function. */
      'cold-flags': { type: 'string', default: '--enable-source-maps' },
    },
  });
  if (!values.out) throw new Error('--out <file.json> is required');
  const stripeLatency = Number(values['stripe-latency']);
  if (!Number.isInteger(stripeLatency) || stripeLatency < 0)
    throw new Error('--stripe-latency takes a whole number of ms');
  return {
    root: path.resolve(values.root),
    out: path.resolve(values.out),
    label: values.label,
    variants: values.variants.split(',') as SdkVariant[],
    phases: new Set(values.phases.split(',')),
    quick: values.quick,
    profile: !values['no-profile'],
    stripeLatency,
    coldFlags: values['cold-flags'].split(' ').filter(Boolean),
  };
}

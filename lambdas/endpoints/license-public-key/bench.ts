import type { EndpointBench } from '../../../bench/scenarios/context';

// Derives the public key from the private one on every call: the reads scenario.
export const bench: EndpointBench = { read: (ctx) => ctx.call('license-public-key') };

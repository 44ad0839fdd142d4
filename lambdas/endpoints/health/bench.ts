import type { EndpointBench } from '../../../bench/scenarios/context';

// Its cost without any call out: the reads scenario.
export const bench: EndpointBench = { read: (ctx) => ctx.call('health') };

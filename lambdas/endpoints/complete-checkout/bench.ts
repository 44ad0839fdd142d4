import type { EndpointBench } from '../../../bench/scenarios/context';

// Every checkout of the bench (ctx.checkout) calls it; delete-customer's scenario buys once a round.
export const bench: EndpointBench = { measuredBy: 'delete-customer' };

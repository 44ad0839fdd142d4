import type { EndpointBench } from '../../../bench/scenarios/context';

export const bench: EndpointBench = { measuredBy: 'cancel-subscription' };

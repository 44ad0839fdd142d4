import type { EndpointBench } from '../../../bench/scenarios/context';

// Follows the link of the mail an email change sends to the old address.
export const bench: EndpointBench = { measuredBy: 'update-email' };

import type { EndpointBench } from '../../../bench/scenarios/context';

export const bench: EndpointBench = {
  read: (ctx) =>
    ctx.call('get-invoices', { user: ctx.a, params: { subscriptionId: ctx.subA.subscriptionId } }),
};

import type { EndpointBench } from '../../../bench/scenarios/context';

export const bench: EndpointBench = {
  read: (ctx) => ctx.call('get-invoices-csv', { user: ctx.a, params: { uid: ctx.a.uid } }),
};

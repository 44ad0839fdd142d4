import type { EndpointBench } from '../../../bench/scenarios/context';

// As the person A gave a license to.
export const bench: EndpointBench = {
  read: (ctx) => ctx.call('get-held-licenses', { user: ctx.holder, params: { uid: ctx.holder.uid } }),
};

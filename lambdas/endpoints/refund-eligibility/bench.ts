import type { EndpointBench } from '../../../bench/scenarios/context';

// A's subscription is in its first month: the guarantee's answer reads Stripe's payments.
export const bench: EndpointBench = {
  read: (ctx) => ctx.call('refund-eligibility', { user: ctx.a, params: { uid: ctx.a.uid } }),
};

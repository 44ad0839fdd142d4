import type { EndpointBench } from '../../../bench/scenarios/context';

// As the person A gave a license to signs in to the desktop application (their own account, and A's).
export const bench: EndpointBench = {
  read: (ctx) => ctx.call('get-account-summary', { user: ctx.holder }),
};

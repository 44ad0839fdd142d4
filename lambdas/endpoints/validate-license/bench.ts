import type { EndpointBench } from '../../../bench/scenarios/context';

// The desktop application's check: the same installation renews its place each time.
export const bench: EndpointBench = {
  read: (ctx) =>
    ctx.call('validate-license', {
      user: ctx.a,
      params: ctx.machines
        ? { key: ctx.licensesA[0], machine: ctx.machineOf('bench-machine-a1') }
        : { key: ctx.licensesA[0] },
    }),
};

import type { EndpointBench } from '../../../bench/scenarios/context';

// A new installation takes a place on A's third license, the Devices view lists it, and it is signed
// out: validate-license admitting a machine, get-machines, sign-out-machine.
export const bench: EndpointBench = {
  scenario: (ctx) => {
    let newMachines = 0;
    const key = ctx.licensesA[2] ?? '';
    return {
      name: 'new machine: validate, list, sign out',
      rounds: Math.round(100 * ctx.scale),
      run: async (i) => {
        const machine = ctx.machineOf(`bench-new-${ctx.phase()}-${i}-${newMachines++}`);
        const check = await ctx.call('validate-license', { user: ctx.a, params: { key, machine } });
        if (check.valid !== true) throw new Error(`a new machine was refused: ${JSON.stringify(check)}`);
        await ctx.call('get-machines', { user: ctx.a, params: { uid: ctx.a.uid } });
        await ctx.call('sign-out-machine', {
          user: ctx.a,
          params: { licenseKey: key, machineId: machine.id },
          headers: ctx.idempotency(),
        });
      },
    };
  },
};

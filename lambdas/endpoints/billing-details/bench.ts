import type { EndpointBench } from '../../../bench/scenarios/context';

// A's company details, with a tax ID every other round (Stripe creates or deletes one).
export const bench: EndpointBench = {
  scenario: (ctx) => ({
    name: 'billing details for invoices',
    rounds: ctx.roundsOf(60),
    run: async (i) => {
      await ctx.call('billing-details', {
        user: ctx.a,
        params: {
          customerId: ctx.subA.customerId,
          companyName: 'Bench Research GmbH',
          address: { line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
          ...(i % 2 === 0 && { taxId: { type: 'eu_vat', value: 'DE123456789' } }),
        },
        headers: ctx.idempotency(),
      });
    },
  }),
};

import type { EndpointBench } from '../../../bench/scenarios/context';

// A real invoice.paid event of A's subscription, under a fresh id each time (so the handler does the
// whole sync rather than answering "duplicate"), signed with the stack's secret.
export const bench: EndpointBench = {
  scenario: async (ctx) => {
    const events = await ctx.stripe.events.list({ limit: 100, type: 'invoice.paid' });
    const paid = events.data.find((e) => JSON.stringify(e.data.object).includes(ctx.subA.subscriptionId));
    if (!paid) throw new Error(`no invoice.paid event for ${ctx.subA.subscriptionId}`);
    let seq = 0;
    return {
      name: 'stripe-webhook',
      rounds: ctx.roundsOf(200),
      run: async () => {
        const payload = JSON.stringify({ ...paid, id: `${paid.id}_bench_${seq++}` });
        const sig = ctx.stripe.webhooks.generateTestHeaderString({
          payload,
          secret: ctx.stripeWebhookSecret,
        });
        await ctx.call('stripe-webhook', { raw: payload, headers: { 'stripe-signature': sig } });
      },
    };
  },
};

import type Stripe from 'stripe';
import type { Bff } from '../../__tests__/support/bff';

// For a stack whose Stripe emulator delivers no webhooks (startBff({ webhooks: false })): the test
// delivers the events itself, signed as Stripe signs them, in the order it chooses, as often as it
// likes, so redeliveries and any order of arrival are the test's to decide.

export interface Deliveries {
  /** The customer's events not handed out yet, oldest first. */
  next(customerId: string): Promise<Stripe.Event[]>;
  /** Posts the event to the webhook; with `asId`, as a new delivery with that event id. */
  deliver(event: Stripe.Event, asId?: string): Promise<number>;
}

const customerOf = (event: Stripe.Event): unknown => (event.data.object as { customer?: unknown }).customer;

export function deliveries(bff: Bff): Deliveries {
  const seen = new Set<string>();
  return {
    async next(customerId) {
      // Stripe lists the newest first; reversed, they are in the order they happened.
      const all = await bff.stripe.events.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
      const fresh = all.reverse().filter((e) => !seen.has(e.id) && customerOf(e) === customerId);
      for (const e of fresh) seen.add(e.id);
      return fresh;
    },
    async deliver(event, asId) {
      const payload = JSON.stringify({ ...event, id: asId ?? event.id });
      const signature = bff.stripe.webhooks.generateTestHeaderString({ payload, secret: bff.webhookSecret });
      const res = await bff.call('POST', 'stripe-webhook', {
        raw: payload,
        headers: { 'stripe-signature': signature },
      });
      return res.status;
    },
  };
}

import { contract } from '../../contracts/contract';

/** What Stripe reads of the answer: only the status; the body says what was done, for the logs. */
export interface WebhookReceipt {
  received: true;
  /** false: an event type the BFF does not act on. */
  handled?: false;
  /** true: this event id was handled before. */
  duplicate?: true;
}

/** POST /api/stripe-webhook (no JWT; Stripe's signature over the raw body is the credential). */
export const stripeWebhook = contract<WebhookReceipt>()({
  method: 'POST',
  path: '/api/stripe-webhook',
  handler: 'stripe-webhook',
  auth: 'none',
});

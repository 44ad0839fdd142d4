import type Stripe from 'stripe';
import { InvalidWebhookSignatureError } from '../errors';
import { getStripeSecrets } from '../secrets';
import { getStripe } from './client';

/**
 * Verifies Stripe's signature over the raw body (at most 5 minutes old) and parses the event; throws
 * InvalidWebhookSignatureError when it does not match.
 */
export async function constructWebhookEvent(rawBody: string, signature: string): Promise<Stripe.Event> {
  const [stripe, { webhookSecret }] = await Promise.all([getStripe(), getStripeSecrets()]);
  try {
    return await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret);
  } catch (err) {
    // The SDK throws StripeSignatureVerificationError for most mismatches but a plain Error for some
    // malformed headers (an empty v1): whatever fails here, the secret was read, so it is the sender's.
    throw new InvalidWebhookSignatureError(err);
  }
}

import Stripe from 'stripe';
import { getConfig } from '../config';
import { getStripeSecrets } from '../secrets';
import { toDomainError } from './domain-errors';

// The one `stripe` SDK instance and the way every call of the adapter reaches it: `callStripe` hands
// the instance to a request and turns the errors a client can cause into domain errors
// (domain-errors.ts), so nothing above this folder reads a Stripe error code.

/**
 * The pinned SDK's own API version (its types describe it; the emulator claims it too). Spelled out so
 * that an SDK upgrade with another version fails to compile here instead of changing shapes. Stripe renders
 * webhook events in their endpoint's version, so `npm run deploy` makes the endpoint with this one.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

let cached: { secretKey: string; apiUrl: string | undefined; stripe: Stripe } | undefined;

/**
 * The one SDK instance, kept across invocations of a warm Lambda. getStripeSecrets() re-reads the
 * secret after a while and may hand out a rotated key, so the instance is rebuilt when the key differs
 * (and when the API URL does: tests start another emulator).
 */
export async function getStripe(): Promise<Stripe> {
  const { secretKey } = await getStripeSecrets();
  const apiUrl = getConfig().stripeApiUrl;
  if (cached && cached.secretKey === secretKey && cached.apiUrl === apiUrl) return cached.stripe;
  const local = apiUrl ? new URL(apiUrl) : undefined;
  const stripe = new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    // Per attempt: three attempts and the SDK's two 0.5 s pauses between them take at most 10 s, inside
    // the handler's 15 s with room for its other calls.
    timeout: 3_000,
    telemetry: false,
    ...(local && {
      host: local.hostname,
      port: Number(local.port || (local.protocol === 'https:' ? 443 : 80)),
      protocol: local.protocol === 'https:' ? ('https' as const) : ('http' as const),
    }),
  });
  cached = { secretKey, apiUrl, stripe };
  return stripe;
}

/** Runs one or more requests on the SDK; Stripe's refusals of the client's input leave as domain errors. */
export async function callStripe<T>(request: (stripe: Stripe) => Promise<T>): Promise<T> {
  const stripe = await getStripe();
  try {
    return await request(stripe);
  } catch (err) {
    throw toDomainError(err);
  }
}

/** Stripe's answer for an id it does not know (404 resource_missing). */
export const isMissing = (err: unknown): boolean =>
  err instanceof Stripe.errors.StripeError && err.code === 'resource_missing';

export { Stripe };

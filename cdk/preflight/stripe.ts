import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../../lambdas/lib/stripe/client';
import { WEBHOOK_EVENTS } from '../../lambdas/lib/stripe/webhook-events';
import { fail, ok, type Finding } from './findings';

// The Stripe side of `npm run deploy`: the price the stacks are given is the one the site shows (one
// license a month, in USD, at src/config.ts's licensePriceUsd), and Stripe's webhook endpoint for the
// API's URL sends the events the handler needs, in the API version it reads (created when missing).

/** The price the site shows, in cents. */
const centsOf = (usd: number): number => Math.round(usd * 100);

export async function checkPrice(
  stripe: Stripe,
  priceId: string,
  siteUsd: number,
  publishableKey: string,
  secretKey: string,
): Promise<Finding[]> {
  const check = `Stripe price ${priceId}`;
  const findings: Finding[] = [];
  const mode = (key: string) => (/_live_/.test(key) ? 'live' : 'test');
  if (mode(publishableKey) !== mode(secretKey)) {
    findings.push(
      fail(
        'Stripe keys',
        `the publishable key is a ${mode(publishableKey)} key and the secret key a ${mode(secretKey)} key`,
        'use the two keys of one mode (Stripe dashboard, Developers, API keys)',
      ),
    );
  }
  let price: Stripe.Price;
  try {
    price = await stripe.prices.retrieve(priceId);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError && err.code === 'resource_missing') {
      findings.push(
        fail(
          check,
          `no such price in this Stripe account (${mode(secretKey)} mode)`,
          `create a recurring monthly price of ${siteUsd} USD and pass -c stripePriceId=price_... (a key and price of the same mode)`,
        ),
      );
      return findings;
    }
    throw err;
  }
  const problems: string[] = [];
  if (!price.active) problems.push('it is archived (inactive)');
  if (
    price.type !== 'recurring' ||
    price.recurring?.interval !== 'month' ||
    price.recurring.interval_count !== 1
  ) {
    problems.push(
      price.recurring
        ? `it recurs every ${price.recurring.interval_count} ${price.recurring.interval}, not every month`
        : 'it is a one-time price, not a monthly subscription price',
    );
  }
  if (price.recurring?.usage_type === 'metered') problems.push('it is metered, not licensed per unit');
  if (price.billing_scheme !== 'per_unit')
    problems.push(`its billing scheme is ${price.billing_scheme}, not per unit`);
  if (price.currency !== 'usd') problems.push(`it is in ${price.currency.toUpperCase()}, not USD`);
  if (price.unit_amount !== centsOf(siteUsd)) {
    problems.push(
      `it charges ${((price.unit_amount ?? 0) / 100).toFixed(2)} where the site shows ${siteUsd.toFixed(2)} USD (src/config.ts licensePriceUsd)`,
    );
  }
  findings.push(
    problems.length
      ? fail(
          check,
          problems.join('; '),
          `use an active, per-unit, monthly USD price of ${siteUsd.toFixed(2)} (-c stripePriceId=...), or change licensePriceUsd to the price`,
        )
      : ok(check, `${siteUsd.toFixed(2)} USD a month per license, ${mode(secretKey)} mode`),
  );
  return findings;
}

export interface WebhookEndpointResult {
  finding: Finding;
  /** The signing secret of an endpoint made just now (Stripe shows it only at creation). */
  createdSecret?: string;
}

/**
 * Finds the endpoint for `url`, or creates it with the events and API version the handler reads. One
 * at `formerUrl` (the distribution's own domain, used until the custom domain had DNS) is moved to
 * `url` instead: it keeps its signing secret, which the Stripe secret already holds.
 */
export async function ensureWebhookEndpoint(
  stripe: Stripe,
  url: string,
  description: string,
  formerUrl?: string,
): Promise<WebhookEndpointResult> {
  const check = 'Stripe webhook endpoint';
  const all = await stripe.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
  const existing = all.filter((e) => e.url === url);
  const former = formerUrl && formerUrl !== url ? all.filter((e) => e.url === formerUrl) : [];
  if (existing.length === 0 && former.length === 1 && former[0]) {
    const moved = await stripe.webhookEndpoints.update(former[0].id, { url });
    const checked = await ensureWebhookEndpoint(stripe, url, description);
    return {
      finding: {
        ...checked.finding,
        detail: `moved ${moved.id} from ${formerUrl} to ${url}; ${checked.finding.detail}`,
      },
    };
  }
  if (existing.length === 0) {
    const created = await stripe.webhookEndpoints.create({
      url,
      enabled_events: [...WEBHOOK_EVENTS],
      api_version: STRIPE_API_VERSION,
      description,
    });
    return {
      finding: ok(check, `created ${created.id} for ${url} (${WEBHOOK_EVENTS.length} events)`),
      createdSecret: created.secret,
    };
  }
  const fix = `in the Stripe dashboard (Developers, Webhooks), make one endpoint for ${url}, enabled, API version ${STRIPE_API_VERSION}, with ${WEBHOOK_EVENTS.join(', ')}`;
  if (existing.length > 1) {
    return {
      finding: fail(
        check,
        `${existing.length} endpoints for ${url}: Stripe would deliver each event twice`,
        fix,
      ),
    };
  }
  const [endpoint] = existing as [Stripe.WebhookEndpoint];
  const problems: string[] = [];
  if (endpoint.status !== 'enabled') problems.push('it is disabled');
  const enabled = new Set(endpoint.enabled_events);
  const missing = enabled.has('*') ? [] : WEBHOOK_EVENTS.filter((e) => !enabled.has(e));
  if (missing.length) problems.push(`it does not send ${missing.join(', ')}`);
  if (endpoint.api_version !== STRIPE_API_VERSION) {
    const version = endpoint.api_version ?? "the account's default API version";
    problems.push(`it renders events in ${version}; the handler reads ${STRIPE_API_VERSION}`);
  }
  return {
    finding: problems.length
      ? fail(check, `${endpoint.id} for ${url}: ${problems.join('; ')}`, fix)
      : ok(check, `${endpoint.id} for ${url}`),
  };
}

import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Stripe from 'stripe';
import { siteConfig } from '../src/config';

export const STRIPE_SECRET_KEY = 'sk_test_local';
export const STRIPE_PUBLISHABLE_KEY = 'pk_test_local';
const PRICE_LOOKUP_KEY = 'license-monthly';

interface StripeHandle {
  url: string;
  port: number;
  jsUrl: string;
  setWebhookUrl(url: string | undefined): void;
  stop(): Promise<void>;
}

export async function startStripe(opts: {
  /** The stack's directory: the emulator's state file and the price's ids live in its stripe/. */
  dir: string;
  /** False: the emulator's state lives in memory only (a stack whose directory goes with it). */
  persist: boolean;
  port: number;
  webhookSecret: string;
  webhookUrl: string;
  clockFixed?: string;
}): Promise<StripeHandle> {
  const { dir, port, webhookSecret, webhookUrl, clockFixed, persist } = opts;
  if (!existsSync(path.join(__dirname, 'stripe-emulator', 'index.ts'))) {
    throw new Error(
      'dev/stripe-emulator/index.ts is missing: the Stripe emulator is required by the local stack',
    );
  }
  const { startStripeEmulator } = await import('./stripe-emulator/index');
  await mkdir(path.join(dir, 'stripe'), { recursive: true });
  return startStripeEmulator({
    port,
    webhookSecret,
    webhookUrl,
    statePath: persist ? path.join(dir, 'stripe', 'state.json') : undefined,
    businessName: 'Stockbench',
    clockFixed,
  });
}

export function localStripe(port: number): Stripe {
  return new Stripe(STRIPE_SECRET_KEY, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
}

/** The license's monthly price in cents, from the one setting the site states it from. */
const LICENSE_PRICE_CENTS = Math.round(siteConfig.licensePriceUsd * 100);

/**
 * The product and monthly price, created once (again when the setting's price changed); their ids live
 * in <dir>/stripe/ids.json.
 */
export async function ensurePrice(dir: string, port: number): Promise<string> {
  const stripe = localStripe(port);
  const file = path.join(dir, 'stripe', 'ids.json');
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as { priceId: string };
    const current = await stripe.prices.retrieve(saved.priceId);
    if (current.unit_amount === LICENSE_PRICE_CENTS) return saved.priceId;
  } catch {
    // First start, or the emulator's state was wiped: create them.
  }
  const product = await stripe.products.create({ name: 'Stockbench license' });
  const price = await stripe.prices.create({
    product: product.id,
    unit_amount: LICENSE_PRICE_CENTS,
    currency: 'usd',
    recurring: { interval: 'month' },
    lookup_key: PRICE_LOOKUP_KEY,
    // A changed price takes the key over from the old one, as Stripe lets a key move.
    transfer_lookup_key: true,
  });
  await writeFile(file, JSON.stringify({ productId: product.id, priceId: price.id }, null, 2));
  return price.id;
}

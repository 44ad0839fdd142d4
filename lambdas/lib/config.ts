import { MACHINE_LIMIT_ENV, parseMachineLimit } from '../../src/lib/machine-limit';
import { tableName } from './table';

// Handler configuration: plain settings from environment variables (CDK or the local stack sets them).
// Secrets are read from Secrets Manager by secrets.ts.

export interface Config {
  tableName: string;
  userPoolId: string;
  clientId: string;
  /** Local only: the Stripe emulator, e.g. http://127.0.0.1:12111. */
  stripeApiUrl?: string;
  stripePriceId: string;
  siteUrl: string;
  supportEmail: string;
  /**
   * How long the account lease and a user action's run are held before they are presumed dead and
   * may be taken over (lambdas/money/DESIGN.md): longer than a handler may run (15 s timeout). Only
   * tests that kill a run set ACCOUNT_LEASE_MS shorter.
   */
  leaseMs: number;
  /** Machines one license is used on at once; undefined: no limit (the default). */
  machineLimit?: number;
}

const optional = (name: string): string | undefined => process.env[name] || undefined;

let config: Config | undefined;

export function getConfig(): Config {
  config ??= {
    tableName: tableName(),
    userPoolId: optional('COGNITO_USER_POOL_ID') ?? '',
    clientId: optional('COGNITO_CLIENT_ID') ?? '',
    stripeApiUrl: optional('STRIPE_API_URL'),
    stripePriceId: optional('STRIPE_PRICE_ID') ?? '',
    siteUrl: (optional('SITE_URL') ?? 'http://localhost:8000').replace(/\/+$/, ''),
    supportEmail: optional('SUPPORT_EMAIL') ?? 'support@stockbench.app',
    leaseMs: Number(optional('ACCOUNT_LEASE_MS') ?? 20_000),
    machineLimit: parseMachineLimit(optional(MACHINE_LIMIT_ENV)),
  };
  return config;
}

/** Drops the cached settings so tests can change the environment between stacks. */
export function resetConfig(): void {
  config = undefined;
}

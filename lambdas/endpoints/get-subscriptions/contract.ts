import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

/** What the subscription will charge next, from our own records. */
export interface NextCharge {
  /** In the smallest unit of `currency` (cents). */
  amount: number;
  currency: string;
  /** When (ISO 8601): the end of the current period. */
  date: string;
}

/** A subscription as the licenses page shows it. */
export interface Subscription {
  id: string;
  activeLicenseCount: number;
  renewLicenseCount: number;
  status: string;
  /** Epoch seconds. */
  created: number;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  cardBrand: string | null;
  cardLast4: string | null;
  /** The first payment's client secret while the subscription awaits it, else null. */
  clientSecret: string | null;
  /** A new price announced and not charged yet: per license per month (cents), from the renewal at `appliesAt` (epoch seconds). */
  priceChange: { unitAmount: number; currency: string; appliesAt: number } | null;
  /** The renewal's charge: the renewing licenses at the period's end; null when nothing will renew. */
  nextCharge: NextCharge | null;
  /** While set to end: what the renewal would charge after Keep Renewing, and when; else null. */
  keepRenewingCharge: NextCharge | null;
}

/**
 * GET /api/get-subscriptions?uid: the caller's current subscription (none or one), from the state our
 * records keep of it (webhooks, checkout, every action and a daily sync keep it current).
 */
export const getSubscriptions = contract<{ subscriptions: Subscription[] }>()({
  method: 'GET',
  path: '/api/get-subscriptions',
  handler: 'get-subscriptions',
  auth: 'jwt',
  query: z.strictObject({ uid: fields.uid }),
});

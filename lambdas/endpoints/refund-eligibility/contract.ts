import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

/** Why the satisfaction guarantee does not apply now: one code per rule of the terms. */
export type RefundRefusal =
  /** The account's current subscription has taken no payment that is still unrefunded. */
  | 'NO_PAYMENT'
  /** This subscription was refunded under the guarantee already. */
  | 'ALREADY_REFUNDED'
  /** The subscription's first month is over. */
  | 'WINDOW_PASSED'
  /** Not a new account, and its licenses were used in the year before this subscription. */
  | 'RECENTLY_ACTIVE'
  /** The same household (card, billing address, email address or account) had the guarantee's refund within a year. */
  | 'HOUSEHOLD_REFUNDED';

export interface RefundEligibility {
  eligible: boolean;
  /** What the refund gives back now (in the smallest unit of `currency`): every payment of the subscription. */
  amount: number;
  currency: string;
  /** The last moment to ask (ISO 8601): one month after the subscription began; null without one. */
  deadline: string | null;
  reason: RefundRefusal | null;
  /** The reason in words, for the page; null when eligible. */
  message: string | null;
}

/** GET /api/refund-eligibility?uid: whether the satisfaction guarantee's full refund is open to the caller now. */
export const refundEligibility = contract<RefundEligibility>()({
  method: 'GET',
  path: '/api/refund-eligibility',
  handler: 'refund-eligibility',
  auth: 'jwt',
  query: z.strictObject({ uid: fields.uid }),
});

import { LimitReachedError } from './errors';
import { counterExpiry, hourWindow, secondsLeft } from './quota-window';
import { userPk, userQuotaSk } from './repository/keys';
import { takeQuota } from './repository/quotas';

// setup-checkout creates a Stripe customer and an incomplete subscription each time the count
// changes: capped per account and UTC hour, so a script with one account cannot fill Stripe with
// abandoned checkouts (or use them to probe cards). Reusing a pending checkout for the same count
// creates nothing and is not counted; a retry with the same Idempotency-Key counts once.

/** New checkouts one account may start per UTC hour; a person changing the count a few times stays far below. */
export const CHECKOUTS_PER_HOUR = 10;

/** Counts a new checkout of account `uid` for the action `actionId`, or throws LimitReachedError. */
export async function takeCheckoutAllowance(uid: string, actionId: string): Promise<void> {
  const window = hourWindow();
  const key = { pk: userPk(uid), sk: userQuotaSk('checkouts', window.name) };
  if (!(await takeQuota(key, actionId, 1, CHECKOUTS_PER_HOUR, counterExpiry(window)))) {
    throw new LimitReachedError('checkouts', CHECKOUTS_PER_HOUR, secondsLeft(window));
  }
}

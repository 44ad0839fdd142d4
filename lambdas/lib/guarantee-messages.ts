import type { GuaranteeDecision } from '../money/guarantee';
import { YEAR_SECONDS } from '../money/guarantee';

// What the licenses page and a refused request say about the satisfaction guarantee, per rule.

const day = (epoch: number): string =>
  new Date(epoch * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export function guaranteeMessage(d: GuaranteeDecision): string | null {
  switch (d.reason) {
    case null:
      return null;
    case 'NO_PAYMENT':
      return 'There is no payment of a subscription to refund.';
    case 'ALREADY_REFUNDED':
      return 'This subscription was already refunded under the satisfaction guarantee.';
    case 'WINDOW_PASSED':
      return `The satisfaction guarantee applies within the first month of a subscription; for this one that was until ${day(d.at ?? d.deadline ?? 0)}.`;
    case 'RECENTLY_ACTIVE':
      return (
        'The satisfaction guarantee applies to new accounts, and to accounts whose licenses were not used ' +
        `for a year before the subscription began. A license of this account was used on ${day(d.at ?? 0)}.`
      );
    case 'HOUSEHOLD_REFUNDED':
      return (
        'The satisfaction guarantee applies once per household per year. A refund under it went to the same ' +
        `household (the same card, billing address, email address or account) on ${day(d.at ?? 0)}, so it applies again ` +
        `from ${day((d.at ?? 0) + YEAR_SECONDS)}.`
      );
  }
}

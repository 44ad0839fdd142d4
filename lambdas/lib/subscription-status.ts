// What a Stripe subscription status means for the product: every status set the BFF uses, in one
// place. Separate from the Stripe adapter so handlers that only read our records (validate-license)
// do not bundle the Stripe SDK.

/** Statuses in which the customer holds a subscription they must manage rather than buy again. */
export const LIVE_STATUSES: readonly string[] = ['active', 'trialing', 'past_due', 'unpaid', 'paused'];
/** Statuses in which licenses are in force. */
export const IN_FORCE_STATUSES: readonly string[] = ['active', 'trialing'];
/** Statuses after which the subscription never comes back. */
export const ENDED_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];
/** Statuses of a subscription that has taken money, or is about to (the webhook refunds such an orphan). */
export const PAYING_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];
/** Statuses whose open invoices a new card pays at once (update-card). */
export const UNPAID_STATUSES: readonly string[] = ['past_due', 'unpaid'];

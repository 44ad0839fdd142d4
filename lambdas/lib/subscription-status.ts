// What a Stripe subscription status means for the product. Separate from stripe.ts so handlers that
// only read our records (validate-license) do not bundle the Stripe SDK.

/** Statuses in which the customer holds a subscription they must manage rather than buy again. */
export const LIVE_STATUSES: readonly string[] = ['active', 'trialing', 'past_due', 'unpaid', 'paused'];
/** Statuses in which licenses are in force. */
export const IN_FORCE_STATUSES: readonly string[] = ['active', 'trialing'];
/** Statuses after which the subscription never comes back. */
export const ENDED_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

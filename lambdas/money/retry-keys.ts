// The Stripe idempotency keys of the quantity changes (DESIGN.md, "Stripe retry keys"). With an
// `attempt` (one per run of a user action with an Idempotency-Key) the key is that run's own: Stripe
// stores a 500 under a key and replays it to every retry with that key, so a later run must not reuse
// it (whether the earlier run's change happened is read from the change mark instead). Without an
// attempt the latest invoice is part of the key: concurrent duplicates see the same one, but after a
// charge it differs, so adding again after a removal (the same "2->3") is a new charge.

/** What a key is derived from: the subscription as read before the change. */
export interface KeySource {
  subscriptionId: string;
  /** The license item's quantity before the change. */
  quantity: number;
  /** The default card's id, if any. */
  card?: string;
  /** The latest invoice's id, if any. */
  latestInvoice?: string;
}

/**
 * The key of raising the quantity to `to`, prorated as of `prorationDate` (a quote's; none: Stripe's
 * now). The card is part of it: Stripe replays a stored decline for a reused key, and a retry after
 * the customer changed card must be a new attempt. So is the proration date: Stripe refuses a key
 * reused with other parameters, and a charge at another date is another charge.
 */
export function raiseQuantityKey(
  from: KeySource,
  to: number,
  attempt?: string,
  prorationDate?: number,
): string {
  const card = from.card ?? 'nopm';
  const at = prorationDate ?? 'now';
  return attempt
    ? `add:${from.subscriptionId}:${attempt}:${from.quantity}->${to}@${at}:${card}`
    : `add:${from.subscriptionId}:${from.quantity}->${to}@${at}:${card}:${from.latestInvoice ?? 'noinv'}`;
}

/**
 * The key of lowering the renewing quantity to `renewing`. Without an attempt there is none: the
 * target is absolute and decided under the account's lease, so sending it twice is harmless, while a
 * key tied to the quantity and the latest invoice would repeat itself after a renewal (remove, renew
 * and remove again within a period send the same change) and Stripe would replay the first answer.
 */
export function lowerRenewingKey(from: KeySource, renewing: number, attempt?: string): string | undefined {
  return attempt ? `renewing:${from.subscriptionId}:${attempt}:${from.quantity}->${renewing}` : undefined;
}

/** The key of renewing again up to `renewing` (renew-licenses); none without an attempt, as above. */
export function raiseRenewingKey(from: KeySource, renewing: number, attempt?: string): string | undefined {
  return attempt ? `renew:${from.subscriptionId}:${attempt}:${from.quantity}->${renewing}` : undefined;
}

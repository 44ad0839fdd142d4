import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { InvalidWebhookSignatureError, UnknownPaymentMethodError } from './errors';
import { getConfig } from './config';
import { getStripeSecrets } from './secrets';
import type { SubscriptionSnapshot } from './subscription-snapshot';
import { ENDED_STATUSES } from './subscription-status';
import { nextReadMark } from './read-order';

export { ENDED_STATUSES, IN_FORCE_STATUSES, LIVE_STATUSES } from './subscription-status';

// Every Stripe call the BFF makes, through the official `stripe` SDK. Create and update calls carry
// idempotency keys derived from what the request asks for, so a retried or doubled request reaches
// the same Stripe object (and charges once) instead of creating a second one.

let cached: { secretKey: string; apiUrl: string | undefined; stripe: Stripe } | undefined;

/**
 * The one SDK instance, kept across invocations of a warm Lambda. getStripeSecrets() re-reads the
 * secret after a while and may hand out a rotated key, so the instance is rebuilt when the key differs
 * (and when the API URL does: tests start another emulator).
 */
export async function getStripe(): Promise<Stripe> {
  const { secretKey } = await getStripeSecrets();
  const apiUrl = getConfig().stripeApiUrl;
  if (cached && cached.secretKey === secretKey && cached.apiUrl === apiUrl) return cached.stripe;
  const local = apiUrl ? new URL(apiUrl) : undefined;
  const stripe = new Stripe(secretKey, {
    // The pinned SDK's own version (its types describe it; the emulator claims it too). Spelled out so
    // that an SDK upgrade with another version fails to compile here instead of changing shapes.
    apiVersion: '2026-10-28.endive',
    maxNetworkRetries: 2,
    // Per attempt: three attempts and the SDK's two 0.5 s pauses between them take at most 10 s, inside
    // the handler's 15 s with room for its other calls.
    timeout: 3_000,
    telemetry: false,
    ...(local && {
      host: local.hostname,
      port: Number(local.port || (local.protocol === 'https:' ? 443 : 80)),
      protocol: local.protocol === 'https:' ? ('https' as const) : ('http' as const),
    }),
  });
  cached = { secretKey, apiUrl, stripe };
  return stripe;
}

/** The id of a Stripe reference, whether Stripe sent it as an id or expanded it into its object. */
export const idOf = (v: unknown): string | undefined =>
  typeof v === 'string'
    ? v
    : typeof v === 'object' && v !== null && 'id' in v && typeof v.id === 'string'
      ? v.id
      : undefined;

/** Stripe's answer for an id it does not know (404 resource_missing). */
export const isMissing = (err: unknown): boolean =>
  err instanceof Stripe.errors.StripeError && err.code === 'resource_missing';

/** The subscription's license item (the only item, at the configured price). */
export function licenseItem(sub: Stripe.Subscription): Stripe.SubscriptionItem {
  const { stripePriceId } = getConfig();
  const item = sub.items.data.find((i) => i.price.id === stripePriceId) ?? sub.items.data[0];
  if (!item) throw new Error(`Subscription ${sub.id} has no items`);
  return item;
}

export function customerIdOf(sub: Stripe.Subscription): string {
  const id = idOf(sub.customer);
  if (!id) throw new Error(`Subscription ${sub.id} has no customer`);
  return id;
}

// When each subscription object was read from Stripe (ms). The cached copy keeps the newest read, so a
// slow request (a webhook that read "past_due" just before a new card paid) cannot overwrite the state
// a later request stored (see saveSubscription).
const readAt = new WeakMap<Stripe.Subscription, number>();
// The read mark (read-order.ts) taken before the request that answered each subscription was sent.
// None for an answer Stripe replayed for a reused idempotency key: that state is from the first request.
const requestMark = new WeakMap<Stripe.Subscription, number>();

/** Sends a request that answers a subscription, and notes when it was read. */
async function stamped(
  request: () => Promise<Stripe.Response<Stripe.Subscription>>,
): Promise<Stripe.Subscription> {
  const mark = nextReadMark();
  const sub = await request();
  return noteRead(sub, mark, sub.lastResponse?.headers?.['idempotent-replayed'] === 'true');
}

function noteRead(sub: Stripe.Subscription, mark: number, replayed: boolean): Stripe.Subscription {
  readAt.set(sub, Date.now());
  if (!replayed) requestMark.set(sub, mark);
  return sub;
}

/** Whether Stripe was asked for `sub` after the read that took `mark` (false when it cannot be told). */
export const requestedAfter = (sub: Stripe.Subscription, mark: number): boolean =>
  (requestMark.get(sub) ?? 0) > mark;

export function snapshotOf(sub: Stripe.Subscription): SubscriptionSnapshot {
  const item = licenseItem(sub);
  const quantity = item.quantity ?? 0;
  const pm = typeof sub.default_payment_method === 'object' ? sub.default_payment_method : null;
  return {
    subscriptionId: sub.id,
    subscriptionCreated: sub.created,
    subscriptionStatus: sub.status,
    quantity,
    renewing: sub.cancel_at_period_end || ENDED_STATUSES.includes(sub.status) ? 0 : quantity,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    periodStart: item.current_period_start,
    periodEnd: item.current_period_end,
    cardBrand: pm?.card?.brand,
    cardLast4: pm?.card?.last4,
    observedAt: readAt.get(sub) ?? Date.now(),
  };
}

/** The first payment's client secret while the subscription awaits it. */
export function clientSecretOf(sub: Stripe.Subscription): string | undefined {
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  return invoice?.confirmation_secret?.client_secret ?? undefined;
}

/** Every subscription the BFF reads comes with its card and its first payment's client secret. */
const SUBSCRIPTION_EXPAND = ['default_payment_method', 'latest_invoice.confirmation_secret'];

export async function retrieveSubscription(id: string): Promise<Stripe.Subscription> {
  const stripe = await getStripe();
  return stamped(() => stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_EXPAND }));
}

/**
 * Creates the user's Stripe customer. `attempt` is the run's own id (see raiseQuantityKey): Stripe
 * replays a stored 500 to every retry with the same key, so a fixed key could block a user for a day.
 * A customer an interrupted earlier run created is found with findCustomerOf first.
 */
export async function createCustomer(
  uid: string,
  email: string | undefined,
  attempt: string,
): Promise<string> {
  const stripe = await getStripe();
  const customer = await stripe.customers.create(
    { email, metadata: { uid } },
    { idempotencyKey: `customer:${uid}:${attempt}` },
  );
  return customer.id;
}

/**
 * The customer an earlier run created for `uid` but could not record (it failed after Stripe acted).
 * Listed by email, not searched: Stripe's list reads its own writes, its search lags.
 */
export async function findCustomerOf(uid: string, email: string | undefined): Promise<string | undefined> {
  if (!email) return undefined;
  const stripe = await getStripe();
  const customers = await stripe.customers.list({ email, limit: 100 });
  return customers.data.find((c) => c.metadata?.uid === uid)?.id;
}

/**
 * A subscription waiting for its first payment, created under the run's own key (`attempt`); an
 * interrupted earlier run's is found with pendingCheckoutsOf first.
 */
export async function createIncompleteSubscription(args: {
  uid: string;
  customerId: string;
  count: number;
  attempt: string;
}): Promise<Stripe.Subscription> {
  const stripe = await getStripe();
  return stamped(() =>
    stripe.subscriptions.create(
      {
        customer: args.customerId,
        items: [{ price: getConfig().stripePriceId, quantity: args.count }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
        expand: ['latest_invoice.confirmation_secret'],
        metadata: { uid: args.uid },
      },
      { idempotencyKey: `subscription:${args.uid}:${args.customerId}:${args.attempt}` },
    ),
  );
}

/** The customer's subscriptions of `uid` still waiting for their first payment, newest first. */
export async function pendingCheckoutsOf(customerId: string, uid: string): Promise<Stripe.Subscription[]> {
  const stripe = await getStripe();
  const mark = nextReadMark();
  const list = await stripe.subscriptions.list({
    customer: customerId,
    status: 'incomplete',
    limit: 100,
    expand: ['data.latest_invoice.confirmation_secret'],
  });
  return list.data.filter((s) => s.metadata?.uid === uid).map((s) => noteRead(s, mark, false));
}

export async function cancelSubscription(id: string): Promise<Stripe.Subscription> {
  const stripe = await getStripe();
  return stamped(() => stripe.subscriptions.cancel(id, {}, { idempotencyKey: `cancel:${id}` }));
}

/**
 * Ends a checkout nobody will pay: cancels the incomplete subscription and voids its first invoice, so
 * a payment form still open in another tab can no longer pay it (voiding cancels the invoice's
 * PaymentIntent). An invoice Stripe already closed is left as it is.
 */
export async function cancelAbandonedCheckout(id: string): Promise<Stripe.Subscription> {
  const stripe = await getStripe();
  const sub = await stamped(() =>
    stripe.subscriptions.cancel(id, { expand: ['latest_invoice'] }, { idempotencyKey: `abandon:${id}` }),
  );
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  if (invoice?.id && invoice.status === 'open') {
    await stripe.invoices.voidInvoice(invoice.id, {}, { idempotencyKey: `void:${invoice.id}` });
  }
  return sub;
}

/**
 * Adds licenses: the new quantity is charged pro rata at once, and if the charge fails the update is
 * refused as a whole (error_if_incomplete), so a declined card adds nothing. With a `mark` (the user
 * action's, see changeMark) the same update records it on the subscription, so a retry of the action
 * can tell from Stripe itself whether this change was made.
 */
export async function raiseQuantity(
  sub: Stripe.Subscription,
  quantity: number,
  idempotencyKey: string = raiseQuantityKey(sub, quantity),
  mark?: string,
): Promise<Stripe.Subscription> {
  const stripe = await getStripe();
  const item = licenseItem(sub);
  return stamped(() =>
    stripe.subscriptions.update(
      sub.id,
      {
        items: [{ id: item.id, quantity }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        cancel_at_period_end: false,
        ...(mark && { metadata: { [CHANGE_MARKS]: withChangeMark(sub, mark) } }),
        expand: SUBSCRIPTION_EXPAND,
      },
      { idempotencyKey },
    ),
  );
}

/**
 * The Stripe key of raising `sub` to `quantity`. With an `attempt` (one per run of a user action) the
 * key is that run's own: Stripe stores a 500 under a key and replays it to every retry with that key,
 * so a later run must not reuse it (whether the earlier run's change happened is read from the change
 * mark instead). The card is part of the key: Stripe replays a stored decline for a reused key, and a
 * retry after the customer changed card must be a new attempt. Without an attempt the latest invoice
 * is: concurrent duplicates see the same one, but after any completed change it differs, so adding
 * again after a removal (the same "2->3") is a new charge, not a replay of the first.
 */
export function raiseQuantityKey(sub: Stripe.Subscription, quantity: number, attempt?: string): string {
  const from = licenseItem(sub).quantity ?? 0;
  const card = idOf(sub.default_payment_method) ?? 'nopm';
  return attempt
    ? `add:${sub.id}:${attempt}:${from}->${quantity}:${card}`
    : `add:${sub.id}:${from}->${quantity}:${card}:${idOf(sub.latest_invoice) ?? 'noinv'}`;
}

/** Subscription metadata listing the marks of the last user actions that changed its quantity. */
const CHANGE_MARKS = 'stockbench_changes';
/** Enough for every retry in flight (an action's key lives 24 hours; retries come within minutes). */
const MAX_CHANGE_MARKS = 20;

/** A short, stable mark of a user action (its Idempotency-Key), recorded by the change it makes. */
export function changeMark(actionKey: string): string {
  return createHash('sha256').update(actionKey).digest('base64url').slice(0, 16);
}

function changeMarks(sub: Stripe.Subscription): string[] {
  return (sub.metadata?.[CHANGE_MARKS] ?? '').split(' ').filter(Boolean);
}

/** Whether the change of the user action with this mark was made on `sub`. */
export function hasChangeMark(sub: Stripe.Subscription, mark: string): boolean {
  return changeMarks(sub).includes(mark);
}

function withChangeMark(sub: Stripe.Subscription, mark: string): string {
  return [...changeMarks(sub).filter((m) => m !== mark), mark].slice(-MAX_CHANGE_MARKS).join(' ');
}

/**
 * Removes licenses from the next period: no refund now; at zero the subscription ends at period end.
 * With a `mark`, the change records it, as raiseQuantity does.
 */
export async function lowerRenewingQuantity(
  sub: Stripe.Subscription,
  renewing: number,
  idempotencyKey: string = lowerRenewingKey(sub, renewing),
  mark?: string,
): Promise<Stripe.Subscription> {
  const stripe = await getStripe();
  const item = licenseItem(sub);
  const params: Stripe.SubscriptionUpdateParams =
    renewing > 0
      ? {
          items: [{ id: item.id, quantity: renewing }],
          proration_behavior: 'none',
          cancel_at_period_end: false,
        }
      : { cancel_at_period_end: true, proration_behavior: 'none' };
  const marked = mark ? { metadata: { [CHANGE_MARKS]: withChangeMark(sub, mark) } } : {};
  return stamped(() =>
    stripe.subscriptions.update(
      sub.id,
      { ...params, ...marked, expand: SUBSCRIPTION_EXPAND },
      { idempotencyKey },
    ),
  );
}

/**
 * Undoes a cancellation at period end: the subscription renews again at its current quantity. No
 * idempotency key: setting the flag is safe to repeat, and a key would turn a second resume in the
 * same period (after another cancellation) into a replay that changes nothing.
 */
export async function keepRenewing(subscriptionId: string): Promise<Stripe.Subscription> {
  const stripe = await getStripe();
  return stamped(() =>
    stripe.subscriptions.update(subscriptionId, {
      cancel_at_period_end: false,
      proration_behavior: 'none',
      expand: SUBSCRIPTION_EXPAND,
    }),
  );
}

/**
 * The Stripe key of lowering `sub`'s renewing quantity: the run's own `attempt` when the user action
 * has one (see raiseQuantityKey), else the latest invoice keeps a later identical change (remove, add,
 * remove again) from replaying.
 */
export function lowerRenewingKey(sub: Stripe.Subscription, renewing: number, attempt?: string): string {
  const from = licenseItem(sub).quantity ?? 0;
  return attempt
    ? `renewing:${sub.id}:${attempt}:${from}->${renewing}`
    : `renewing:${sub.id}:${from}->${renewing}:${idOf(sub.latest_invoice) ?? 'noinv'}`;
}

/** What raising the quantity would charge today (Stripe's invoice preview, prorated). */
export async function previewRaise(sub: Stripe.Subscription, quantity: number): Promise<Stripe.Invoice> {
  const stripe = await getStripe();
  const item = licenseItem(sub);
  return stripe.invoices.createPreview({
    customer: customerIdOf(sub),
    subscription: sub.id,
    subscription_details: {
      items: [{ id: item.id, quantity }],
      proration_behavior: 'always_invoice',
      proration_date: Math.floor(Date.now() / 1000),
    },
  });
}

/** A payment method the client names; UnknownPaymentMethodError when Stripe does not know it. */
export async function retrievePaymentMethod(id: string): Promise<Stripe.PaymentMethod> {
  const stripe = await getStripe();
  try {
    return await stripe.paymentMethods.retrieve(id);
  } catch (err) {
    if (isMissing(err)) throw new UnknownPaymentMethodError(id);
    throw err;
  }
}

export async function attachPaymentMethod(id: string, customerId: string): Promise<Stripe.PaymentMethod> {
  const stripe = await getStripe();
  return stripe.paymentMethods.attach(
    id,
    { customer: customerId },
    { idempotencyKey: `attach:${id}:${customerId}` },
  );
}

/** Makes the card the default for the customer's future invoices and for the subscription; answers the subscription as updated. */
export async function setDefaultPaymentMethod(
  customerId: string,
  subscriptionId: string,
  pmId: string,
): Promise<Stripe.Subscription> {
  const stripe = await getStripe();
  // No idempotency keys here: setting a value is safe to repeat, and a key would turn a later switch
  // back to this card (within Stripe's 24 hours) into a replay that changes nothing. One after the
  // other: a subscription update may lock its customer, and in parallel the pair could time out.
  await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pmId } });
  return stamped(() =>
    stripe.subscriptions.update(subscriptionId, {
      default_payment_method: pmId,
      expand: SUBSCRIPTION_EXPAND,
    }),
  );
}

/** Retries the open invoices of a past-due subscription with the given card (oldest first). */
export async function payOpenInvoices(subscriptionId: string, pmId: string): Promise<number> {
  const stripe = await getStripe();
  const open = await stripe.invoices.list({ subscription: subscriptionId, status: 'open', limit: 10 });
  const invoices = [...open.data].sort((a, b) => a.created - b.created);
  for (const invoice of invoices) {
    if (!invoice.id) continue;
    await stripe.invoices.pay(
      invoice.id,
      { payment_method: pmId },
      { idempotencyKey: `pay:${invoice.id}:${pmId}` },
    );
  }
  return invoices.length;
}

/** Invoice statuses a customer is shown: finalized ones (a draft can still change or be deleted). */
const FINALIZED_INVOICE_STATUSES = ['open', 'paid', 'uncollectible', 'void'] as const;
type FinalizedStatus = (typeof FINALIZED_INVOICE_STATUSES)[number];
export type FinalizedInvoice = Stripe.Invoice & { status: FinalizedStatus };

const isFinalized = (i: Stripe.Invoice): i is FinalizedInvoice =>
  (FINALIZED_INVOICE_STATUSES as readonly (string | null)[]).includes(i.status);

/** The subscription's finalized invoices, newest first: the latest 100 (over eight years of months). */
export async function listFinalizedInvoices(subscriptionId: string): Promise<FinalizedInvoice[]> {
  const stripe = await getStripe();
  const page = await stripe.invoices.list({ subscription: subscriptionId, limit: 100 });
  return page.data.filter(isFinalized);
}

/**
 * Refunds in full every paid invoice payment of a subscription (a subscription paid that the account
 * does not hold). One idempotency key per payment intent, so a redelivered webhook refunds once; a
 * payment already refunded (after the key expired) is skipped. Answers the refunds made or replayed.
 */
export async function refundSubscriptionPayments(
  sub: Stripe.Subscription,
  metadata: Record<string, string>,
): Promise<{ refunds: string[]; amount: number }> {
  const stripe = await getStripe();
  const invoices = await stripe.invoices.list({
    subscription: sub.id,
    status: 'paid',
    limit: 100,
    expand: ['data.payments'],
  });
  const out = { refunds: [] as string[], amount: 0 };
  for (const invoice of invoices.data) {
    for (const payment of invoice.payments?.data ?? []) {
      const intent = idOf(payment.payment.payment_intent);
      if (payment.status !== 'paid' || !intent) continue;
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: intent,
            reason: 'duplicate',
            metadata: { ...metadata, invoice: invoice.id ?? '' },
          },
          { idempotencyKey: `refund:${intent}` },
        );
        out.refunds.push(refund.id);
        out.amount += refund.amount;
      } catch (err) {
        if (err instanceof Stripe.errors.StripeError && err.code === 'charge_already_refunded') continue;
        throw err;
      }
    }
  }
  return out;
}

export async function updateCustomerEmail(customerId: string, email: string): Promise<void> {
  const stripe = await getStripe();
  await stripe.customers.update(customerId, { email });
}

/** Deletes the customer (Stripe cancels their subscriptions); an already deleted one is fine. */
export async function deleteCustomer(customerId: string): Promise<boolean> {
  const stripe = await getStripe();
  try {
    await stripe.customers.del(customerId);
    return true;
  } catch (err) {
    if (isMissing(err)) return false;
    throw err;
  }
}

/**
 * Verifies Stripe's signature over the raw body (at most 5 minutes old) and parses the event; throws
 * InvalidWebhookSignatureError when it does not match.
 */
export async function constructWebhookEvent(rawBody: string, signature: string): Promise<Stripe.Event> {
  const [stripe, { webhookSecret }] = await Promise.all([getStripe(), getStripeSecrets()]);
  try {
    return await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret);
  } catch (err) {
    // The SDK throws StripeSignatureVerificationError for most mismatches but a plain Error for some
    // malformed headers (an empty v1): whatever fails here, the secret was read, so it is the sender's.
    throw new InvalidWebhookSignatureError(err);
  }
}

export { Stripe };

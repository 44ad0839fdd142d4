import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { toJson, type JsonObject } from './json';
import type {
  Customer,
  Invoice,
  LineItem,
  InvoicePayment,
  PaymentIntent,
  PaymentMethod,
  Product,
  Price,
  Refund,
  StripeEvent,
  Subscription,
  SubscriptionSchedule,
  TaxId,
  TestClock,
  WebhookEndpoint,
} from './objects';
import type { CardOutcome } from './cards';

/** One attempt to deliver an event; `at` and `at_ms` on the emulator clock. */
type DeliveryAttempt = {
  at: number;
  at_ms: number;
  url: string;
  status: number | null;
  error: string | null;
};
export type Delivery = {
  status: 'pending' | 'delivered' | 'failed' | 'no_endpoint';
  attempts: DeliveryAttempt[];
  /** When the current run of attempts began (its first attempt), emulator clock, ms. */
  first_attempt_at_ms?: number | null;
  /** Failed attempts in the current run (a success or a resend starts a new run). */
  failures?: number;
  /** When the next retry is due (emulator clock, ms); null when none is scheduled. */
  next_attempt_at_ms?: number | null;
};
export type IdempotencyEntry = {
  fingerprint: string;
  status: number;
  body: string;
  createdAt: number;
};

export type State = {
  version: 1;
  clockOffset: number;
  products: Record<string, Product>;
  prices: Record<string, Price>;
  customers: Record<string, Customer>;
  paymentMethods: Record<string, PaymentMethod>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  paymentIntents: Record<string, PaymentIntent>;
  invoicePayments: Record<string, InvoicePayment>;
  refunds: Record<string, Refund>;
  events: Record<string, StripeEvent>;
  deliveries: Record<string, Delivery>;
  testClocks: Record<string, TestClock>;
  idempotency: Record<string, IdempotencyEntry>;
  /** What the API never shows: how each card behaves, proration lines waiting for the next invoice. */
  cardOutcomes: Record<string, CardOutcome>;
  pendingLines: Record<string, LineItem[]>;
  /** Payment methods detached from their customer: Stripe never lets them be attached again. */
  detachedPaymentMethods?: Record<string, true>;
  /** Deleted customers: retrieve answers them as deleted, everything else as missing. */
  deletedCustomers?: Record<string, true>;
  /** Absent from state files written before the emulator had schedules. */
  subscriptionSchedules?: Record<string, SubscriptionSchedule>;
  /** Webhook endpoints made through the API (resources/webhookEndpoints.ts); absent in older state. */
  webhookEndpoints?: Record<string, WebhookEndpoint>;
  /** Customers' tax IDs (absent from state files written before they were kept). */
  taxIds?: Record<string, TaxId>;
};

function emptyState(): State {
  return {
    version: 1,
    clockOffset: 0,
    products: {},
    prices: {},
    customers: {},
    paymentMethods: {},
    subscriptions: {},
    invoices: {},
    paymentIntents: {},
    invoicePayments: {},
    refunds: {},
    events: {},
    deliveries: {},
    testClocks: {},
    idempotency: {},
    cardOutcomes: {},
    pendingLines: {},
  };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}

export function loadState(path: string | undefined): State {
  if (!path) return emptyState();
  try {
    return fromEarlierFile({
      ...emptyState(),
      ...(JSON.parse(readFileSync(path, 'utf8')) as Partial<State>),
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return emptyState();
    throw err;
  }
}

/** A state file written before deleted customers were kept apart marked them `deleted: true`. */
function fromEarlierFile(state: State): State {
  for (const customer of Object.values(state.customers)) {
    if (!('deleted' in customer)) continue;
    (state.deletedCustomers ??= {})[customer.id] = true;
    delete customer.deleted;
  }
  return state;
}

/** Writes through a temporary file so a crash mid-write never leaves half a state file. */
export function saveState(path: string | undefined, state: State): void {
  if (!path) return;
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(state));
  renameSync(tmp, path);
}

/** Finds any stored object by the prefix of its id (used by `expand`). */
export function findById(state: State, id: string): JsonObject | undefined {
  const found = storedById(state, id);
  return found && toJson(found);
}

function storedById(state: State, id: string): object | undefined {
  if (id.startsWith('sub_sched_')) return state.subscriptionSchedules?.[id];
  const prefix = id.slice(0, id.indexOf('_'));
  switch (prefix) {
    case 'cus':
      return state.customers[id];
    case 'pm':
      return state.paymentMethods[id];
    case 'sub':
      return state.subscriptions[id];
    case 'in':
      return state.invoices[id];
    case 'pi':
      return state.paymentIntents[id];
    case 'inpay':
      return state.invoicePayments[id];
    case 're':
      return state.refunds[id];
    case 'price':
      return state.prices[id];
    case 'prod':
      return state.products[id];
    case 'clock':
      return state.testClocks[id];
    case 'txi':
      return state.taxIds?.[id];
    case 'si':
      for (const sub of Object.values(state.subscriptions)) {
        const item = sub.items.data.find((i) => i.id === id);
        if (item) return item;
      }
      return undefined;
    default:
      return undefined;
  }
}

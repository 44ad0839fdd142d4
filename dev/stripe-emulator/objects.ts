import type { Json, JsonObject } from './json';

/**
 * The stored objects, in the shape answered for the pinned API version (see the `stripe`
 * package's resources/*.d.ts). Only the fields the emulator reasons about are spelled out;
 * the rest of each object is filled with Stripe's defaults when created.
 */
export type Metadata = { [key: string]: string };

type List<T extends Json> = {
  object: 'list';
  data: T[];
  has_more: boolean;
  total_count?: number;
  url: string;
};

export type Price = JsonObject & {
  id: string;
  object: 'price';
  product: string;
  unit_amount: number;
  currency: string;
  lookup_key: string | null;
  active: boolean;
  recurring: { interval: string; interval_count: number } & JsonObject;
  metadata: Metadata;
};

export type SubscriptionItem = JsonObject & {
  id: string;
  object: 'subscription_item';
  subscription: string;
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  metadata: Metadata;
};

type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'trialing';

type PendingUpdate = JsonObject & { expires_at: number; subscription_items: SubscriptionItem[] };

export type Subscription = JsonObject & {
  id: string;
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  items: List<SubscriptionItem>;
  latest_invoice: string | null;
  default_payment_method: string | null;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  pending_update: PendingUpdate | null;
  payment_settings: { save_default_payment_method: string | null } & JsonObject;
  metadata: Metadata;
  test_clock: string | null;
};

export type Customer = JsonObject & {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  balance: number;
  invoice_settings: { default_payment_method: string | null } & JsonObject;
  metadata: Metadata;
  deleted?: true;
};

type Card = JsonObject & { brand: string; last4: string; exp_month: number; exp_year: number };

export type PaymentMethod = JsonObject & {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: Card;
  billing_details: JsonObject;
  metadata: Metadata;
};

export type LineItem = JsonObject & {
  id: string;
  object: 'line_item';
  amount: number;
  quantity: number | null;
  description: string | null;
  period: { start: number; end: number };
};

type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';

export type Invoice = JsonObject & {
  id: string;
  object: 'invoice';
  customer: string;
  status: InvoiceStatus;
  billing_reason: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  total: number;
  subtotal: number;
  attempt_count: number;
  attempted: boolean;
  lines: List<LineItem>;
  parent: JsonObject | null;
  default_payment_method: string | null;
  status_transitions: { finalized_at: number | null; paid_at: number | null } & JsonObject;
  period_start: number;
  period_end: number;
};

type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export type PaymentIntent = JsonObject & {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  client_secret: string;
  status: PaymentIntentStatus;
  payment_method: string | null;
  last_payment_error: JsonObject | null;
  latest_charge: string | null;
  setup_future_usage: string | null;
  metadata: Metadata;
};

export type InvoicePayment = JsonObject & {
  id: string;
  object: 'invoice_payment';
  invoice: string;
  status: 'open' | 'paid' | 'canceled';
  amount_paid: number | null;
  amount_requested: number;
  payment: { type: 'payment_intent'; payment_intent: string };
  status_transitions: { canceled_at: number | null; paid_at: number | null };
};

export type Refund = JsonObject & {
  id: string;
  object: 'refund';
  amount: number;
  charge: string | null;
  payment_intent: string | null;
  currency: string;
  created: number;
  reason: string | null;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  metadata: Metadata;
};

export type StripeEvent = JsonObject & {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: JsonObject; previous_attributes?: JsonObject };
};

export type TestClock = JsonObject & { id: string; object: 'test_helpers.test_clock'; frozen_time: number };

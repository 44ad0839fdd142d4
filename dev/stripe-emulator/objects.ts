import type Stripe from 'stripe';
import type { JsonObject } from './json';

/**
 * The stored objects, typed with the `stripe` package's own types, so tsc checks each object the
 * emulator builds against Stripe's published API definitions for the pinned version. They are kept as
 * answered without `expand`: every expandable reference (`string | Stripe.Customer`, ...) holds the
 * id (`expand.ts` swaps in the object when asked). What the API never shows lives in separate records
 * of the state (store.ts), never as extra fields on these.
 */
type Unexpanded<T> = { [K in keyof T]: Stored<T[K]> };

/**
 * An expandable reference stored as its id; lists, arrays and nested objects likewise. A decimal is
 * stored as on the wire, a string (the SDK turns it into its `Stripe.Decimal` when it reads it).
 */
type Stored<V> = string extends V
  ? Extract<V, string | null | undefined>
  : V extends Stripe.Decimal
    ? string
    : V extends Stripe.ApiList<infer E>
      ? Omit<V, 'data'> & { data: Unexpanded<E>[] }
      : V extends (infer E)[]
        ? Stored<E>[]
        : V extends Stripe.Metadata
          ? V
          : V extends object
            ? Unexpanded<V>
            : V;

export type Metadata = Stripe.Metadata;
export type Price = Unexpanded<Stripe.Price>;
export type WebhookEndpoint = Unexpanded<Stripe.WebhookEndpoint>;
export type Product = Unexpanded<Stripe.Product>;
export type SubscriptionItem = Unexpanded<Stripe.SubscriptionItem>;
export type Subscription = Unexpanded<Stripe.Subscription>;
export type Customer = Unexpanded<Stripe.Customer>;
export type PaymentMethod = Unexpanded<Stripe.PaymentMethod>;
export type LineItem = Unexpanded<Stripe.InvoiceLineItem>;
export type Invoice = Unexpanded<Stripe.Invoice>;
export type PaymentIntent = Unexpanded<Stripe.PaymentIntent>;
export type InvoicePayment = Unexpanded<Stripe.InvoicePayment>;
export type Refund = Unexpanded<Stripe.Refund>;
export type Charge = Unexpanded<Stripe.Charge>;
export type TaxId = Unexpanded<Stripe.TaxId>;
export type TestClock = Unexpanded<Stripe.TestHelpers.TestClock>;
export type SubscriptionSchedule = Unexpanded<Stripe.SubscriptionSchedule>;

/** An event: Stripe's envelope and type names; its object is the stored JSON it was made from. */
export type StripeEvent = Omit<Unexpanded<Stripe.Event>, 'data' | 'type'> & {
  type: Stripe.Event.Type;
  data: { object: JsonObject; previous_attributes?: JsonObject };
};

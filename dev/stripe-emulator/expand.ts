import type Stripe from 'stripe';
import { clone, isObject, toJson, type Json, type JsonObject } from './json';
import { findById, type State } from './store';

/** Fields Stripe only includes when asked for (`expand[]=latest_invoice.confirmation_secret`). */
function includable(state: State, obj: JsonObject, field: string): Json | undefined {
  if (obj.object !== 'invoice') return undefined;
  const payments = Object.values(state.invoicePayments).filter((p) => p.invoice === obj.id);
  if (field === 'payments') {
    return {
      object: 'list',
      data: payments,
      has_more: false,
      url: `/v1/invoices/${String(obj.id)}/payments`,
    };
  }
  if (field === 'confirmation_secret') {
    const open = payments.find((p) => p.status === 'open');
    const intent = open?.payment.payment_intent;
    const pi = intent ? state.paymentIntents[intent] : undefined;
    const secret: Stripe.Invoice.ConfirmationSecret | null =
      pi?.client_secret && obj.status === 'open'
        ? { client_secret: pi.client_secret, type: 'payment_intent' }
        : null;
    return secret && toJson(secret);
  }
  return undefined;
}

function expandPath(state: State, value: Json, path: string[]): Json {
  if (path.length === 0) return value;
  if (Array.isArray(value)) return value.map((v) => expandPath(state, v, path));
  if (!isObject(value)) return value;
  const [head, ...rest] = path as [string, ...string[]];
  let next: Json | undefined = value[head];
  if (typeof next === 'string') next = findById(state, next) ?? next;
  else if (next === undefined) next = includable(state, value, head);
  if (next === undefined) return value;
  value[head] = expandPath(state, clone(next), rest);
  return value;
}

/** Answers a copy of `obj` with each dotted `expand[]` path replaced by the object it names. */
export function expand(state: State, obj: object, paths: string[]): JsonObject {
  let out = clone(toJson(obj));
  for (const path of paths) out = expandPath(state, out, path.split('.')) as JsonObject;
  return out;
}

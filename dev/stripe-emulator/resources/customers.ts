import type Stripe from 'stripe';
import type { Ctx } from '../context';
import { invalidParam, noSuch } from '../errors';
import { expand } from '../expand';
import { toJson, type JsonObject } from '../json';
import { listAnswer } from '../list';
import type { Customer } from '../objects';
import type { Params } from '../params';
import { route, type ApiRequest, type Route } from '../router';
import { matches, parseQuery } from '../search';
import { newId } from '../store';
import { attachPaymentMethod, resolvePaymentMethod } from './paymentMethods';
import { cancelNow } from './subscriptions';

const WRITABLE = [
  'address',
  'email',
  'name',
  'description',
  'phone',
  'metadata',
  'invoice_settings',
  'expand',
  'payment_method',
];

/** Whether the customer was deleted (kept apart: a Stripe.Customer has no such field). */
const isDeleted = (ctx: Ctx, id: string): boolean => ctx.state.deletedCustomers?.[id] === true;

const deletedCustomer = (id: string): Stripe.DeletedCustomer => ({ id, object: 'customer', deleted: true });

/** A live customer or 404; a deleted one is answered by retrieve only. */
export function liveCustomer(ctx: Ctx, id: string, param = 'customer'): Customer {
  const customer = ctx.state.customers[id];
  if (!customer || isDeleted(ctx, id)) throw noSuch(id, param);
  return customer;
}

function render(ctx: Ctx, customer: Customer, params: Params): JsonObject {
  if (isDeleted(ctx, customer.id)) return toJson(deletedCustomer(customer.id));
  return expand(ctx.state, customer, params.expand());
}

const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'postal_code', 'state', 'country'] as const;

/** Stripe's address param: its fields, each optional; an empty `address` removes it. */
function addressOf(address: Params | undefined): Customer['address'] {
  if (!address) return null;
  address.allowOnly(ADDRESS_FIELDS);
  const country = address.str('country');
  if (country !== undefined && !/^[A-Z]{2}$/.test(country)) {
    throw invalidParam(
      'address[country]',
      `Country '${country}' is unknown. Try using a 2-character alphanumeric country code instead, such as 'US', 'EG', or 'GB'.`,
    );
  }
  const field = (key: (typeof ADDRESS_FIELDS)[number]) => address.str(key) || null;
  return {
    line1: field('line1'),
    line2: field('line2'),
    city: field('city'),
    postal_code: field('postal_code'),
    state: field('state'),
    country: field('country'),
  };
}

function applyWrites(ctx: Ctx, customer: Customer, params: Params): void {
  for (const key of ['email', 'name', 'description', 'phone'] as const) {
    const v = params.str(key);
    if (v !== undefined) customer[key] = v === '' ? null : v;
  }
  customer.metadata = params.metadata(customer.metadata);
  if (params.has('address')) customer.address = addressOf(params.obj('address'));
  const pmParam = params.str('payment_method');
  if (pmParam) {
    const pm = resolvePaymentMethod(ctx, pmParam, 'payment_method');
    attachPaymentMethod(ctx, pm, customer.id);
  }
  const settings = params.obj('invoice_settings');
  const defaultPm = settings?.str('default_payment_method');
  if (defaultPm !== undefined) {
    if (defaultPm === '') customer.invoice_settings.default_payment_method = null;
    else {
      const pm = resolvePaymentMethod(ctx, defaultPm, 'invoice_settings[default_payment_method]');
      if (pm.customer !== customer.id) {
        throw noSuch(pm.id, 'invoice_settings[default_payment_method]');
      }
      customer.invoice_settings.default_payment_method = pm.id;
    }
  }
}

function createCustomer({ ctx, params }: ApiRequest) {
  params.allowOnly([...WRITABLE, 'test_clock', 'shipping', 'preferred_locales']);
  const id = newId('cus', 14);
  const customer: Customer = {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created: ctx.clock.now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: null,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: {},
    name: null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: params.str('test_clock') ?? null,
  };
  ctx.state.customers[id] = customer;
  applyWrites(ctx, customer, params);
  ctx.webhooks.emit('customer.created', customer);
  return render(ctx, customer, params);
}

function updateCustomer({ ctx, params, path }: ApiRequest) {
  params.allowOnly([...WRITABLE, 'shipping', 'preferred_locales']);
  const customer = liveCustomer(ctx, path.id as string, 'id');
  applyWrites(ctx, customer, params);
  ctx.webhooks.emit('customer.updated', customer);
  return render(ctx, customer, params);
}

function deleteCustomer({ ctx, path }: ApiRequest) {
  const customer = liveCustomer(ctx, path.id as string, 'id');
  // Deleting a customer cancels its subscriptions at once, as Stripe does.
  for (const sub of Object.values(ctx.state.subscriptions)) {
    if (sub.customer === customer.id && sub.status !== 'canceled' && sub.status !== 'incomplete_expired') {
      cancelNow(ctx, sub);
    }
  }
  (ctx.state.deletedCustomers ??= {})[customer.id] = true;
  ctx.webhooks.emit('customer.deleted', customer);
  return toJson(deletedCustomer(customer.id));
}

function listCustomers({ ctx, params }: ApiRequest) {
  const email = params.str('email');
  const customers = Object.values(ctx.state.customers).filter(
    (c) => !isDeleted(ctx, c.id) && (email === undefined || c.email === email),
  );
  return listAnswer(ctx.state, customers, params, '/v1/customers');
}

function searchCustomers({ ctx, params }: ApiRequest) {
  const query = parseQuery(params.reqStr('query'));
  const limit = params.int('limit') ?? 10;
  const found = Object.values(ctx.state.customers)
    .filter((c) => !isDeleted(ctx, c.id) && matches(toJson(c), query))
    .reverse();
  const page = found.slice(0, limit);
  return expand(
    ctx.state,
    {
      object: 'search_result',
      data: page,
      has_more: found.length > page.length,
      next_page: null,
      url: '/v1/customers/search',
    },
    params.expand(),
  );
}

export const customerRoutes: Route[] = [
  route('POST', '/v1/customers', createCustomer),
  route('GET', '/v1/customers', listCustomers),
  route('GET', '/v1/customers/search', searchCustomers),
  route('GET', '/v1/customers/:id', ({ ctx, params, path }) => {
    const customer = ctx.state.customers[path.id as string];
    if (!customer) throw noSuch(path.id as string);
    return render(ctx, customer, params);
  }),
  route('POST', '/v1/customers/:id', updateCustomer),
  route('DELETE', '/v1/customers/:id', deleteCustomer),
];

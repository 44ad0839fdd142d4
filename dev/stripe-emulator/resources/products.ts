import { noSuch } from '../errors';
import { expand } from '../expand';
import { listAnswer } from '../list';
import type { Price, Product } from '../objects';
import { route, type ApiRequest, type Route } from '../router';
import { newId } from '../store';

function createProduct({ ctx, params }: ApiRequest) {
  params.allowOnly([
    'name',
    'description',
    'metadata',
    'active',
    'id',
    'expand',
    'default_price_data',
    'url',
  ]);
  const now = ctx.clock.now();
  const id = params.str('id') ?? newId('prod', 14);
  const product: Product = {
    id,
    object: 'product',
    active: params.bool('active') ?? true,
    created: now,
    default_price: null,
    description: params.str('description') ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: params.metadata(),
    name: params.reqStr('name'),
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: now,
    url: params.str('url') ?? null,
  };
  ctx.state.products[id] = product;
  return expand(ctx.state, product, params.expand());
}

function getProduct({ ctx, params, path }: ApiRequest) {
  const product = ctx.state.products[path.id as string];
  if (!product) throw noSuch(path.id as string);
  return expand(ctx.state, product, params.expand());
}

function createPrice({ ctx, params }: ApiRequest) {
  params.allowOnly([
    'product',
    'product_data',
    'unit_amount',
    'currency',
    'recurring',
    'lookup_key',
    'nickname',
    'metadata',
    'active',
    'expand',
    'transfer_lookup_key',
    'tax_behavior',
  ]);
  const ctxNow = ctx.clock.now();
  let productId = params.str('product');
  const productData = params.obj('product_data');
  if (!productId && productData) {
    productId = createProduct({ ctx, params: productData, path: {}, publishable: false }).id as string;
  }
  if (!productId) throw noSuch('', 'product');
  if (!ctx.state.products[productId]) throw noSuch(productId, 'product');
  const recurring = params.obj('recurring');
  const lookupKey = params.str('lookup_key') ?? null;
  // transfer_lookup_key moves the key from an older price, as Stripe does.
  if (lookupKey && params.bool('transfer_lookup_key')) {
    for (const p of Object.values(ctx.state.prices)) if (p.lookup_key === lookupKey) p.lookup_key = null;
  }
  const unitAmount = params.reqInt('unit_amount');
  const id = newId('price');
  const price: Price = {
    id,
    object: 'price',
    active: params.bool('active') ?? true,
    billing_scheme: 'per_unit',
    created: ctxNow,
    currency: params.reqStr('currency').toLowerCase(),
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey,
    metadata: params.metadata(),
    nickname: params.str('nickname') ?? null,
    product: productId,
    // Without `recurring`, a one-time price, as Stripe makes it (a subscription refuses it).
    recurring: recurring
      ? {
          interval: recurring.oneOf('interval', ['day', 'week', 'month', 'year'] as const) ?? 'month',
          interval_count: recurring.int('interval_count') ?? 1,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  };
  ctx.state.prices[id] = price;
  return expand(ctx.state, price, params.expand());
}

function getPrice({ ctx, params, path }: ApiRequest) {
  const price = ctx.state.prices[path.id as string];
  if (!price) throw noSuch(path.id as string);
  return expand(ctx.state, price, params.expand());
}

function listPrices({ ctx, params }: ApiRequest) {
  const lookupKeys = params.strings('lookup_keys');
  const product = params.str('product');
  const active = params.bool('active');
  const prices = Object.values(ctx.state.prices).filter(
    (p) =>
      (lookupKeys.length === 0 || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key))) &&
      (!product || p.product === product) &&
      (active === undefined || p.active === active),
  );
  return listAnswer(ctx.state, prices, params, '/v1/prices');
}

export const productRoutes: Route[] = [
  route('POST', '/v1/products', createProduct),
  route('GET', '/v1/products', ({ ctx, params }) =>
    listAnswer(ctx.state, Object.values(ctx.state.products), params, '/v1/products'),
  ),
  route('GET', '/v1/products/:id', getProduct),
  route('POST', '/v1/prices', createPrice),
  route('GET', '/v1/prices', listPrices),
  route('GET', '/v1/prices/:id', getPrice),
];

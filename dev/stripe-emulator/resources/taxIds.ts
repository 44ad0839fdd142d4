import type Stripe from 'stripe';
import { isTaxIdType } from '../../../src/lib/tax-id-types';
import type { Ctx } from '../context';
import { invalidParam, noSuch, StripeError } from '../errors';
import { expand } from '../expand';
import { toJson } from '../json';
import { listAnswer } from '../list';
import type { TaxId } from '../objects';
import { route, type ApiRequest, type Route } from '../router';
import { newId } from '../store';
import { liveCustomer } from './customers';

// A customer's tax IDs (`/v1/customers/:id/tax_ids`), which Stripe prints on every invoice. Stripe
// checks a value's format per type and refuses a malformed one with `tax_id_invalid`; the formats here
// are those of the common types, read from the examples in Stripe's list of supported tax IDs
// (docs.stripe.com/billing/customer/tax-ids). Other types take any value.

const EU_PREFIXES = 'AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI';

const FORMATS: Partial<Record<string, { pattern: RegExp; country: (value: string) => string }>> = {
  eu_vat: {
    pattern: new RegExp(`^(${EU_PREFIXES})[0-9A-Z]{8,12}$`),
    country: (v) => (v.startsWith('EL') ? 'GR' : v.startsWith('XI') ? 'GB' : v.slice(0, 2)),
  },
  gb_vat: { pattern: /^GB(\d{9}|\d{12})$/, country: () => 'GB' },
  us_ein: { pattern: /^\d{2}-\d{7}$/, country: () => 'US' },
  ca_bn: { pattern: /^\d{9}$/, country: () => 'CA' },
  ca_gst_hst: { pattern: /^\d{9}RT\d{4}$/, country: () => 'CA' },
  au_abn: { pattern: /^\d{11}$/, country: () => 'AU' },
  nz_gst: { pattern: /^\d{8,9}$/, country: () => 'NZ' },
  ch_vat: { pattern: /^CHE-\d{3}\.\d{3}\.\d{3} (MWST|TVA|IVA)$/, country: () => 'CH' },
  no_vat: { pattern: /^\d{9}MVA$/, country: () => 'NO' },
  in_gst: { pattern: /^\d{2}[A-Z]{5}\d{4}[A-Z][A-Z0-9]Z[A-Z0-9]$/, country: () => 'IN' },
  jp_cn: { pattern: /^\d{13}$/, country: () => 'JP' },
  sg_uen: { pattern: /^\d{8,9}[A-Z]$/, country: () => 'SG' },
};

const taxIdsOf = (ctx: Ctx, customer: string): TaxId[] =>
  Object.values(ctx.state.taxIds ?? {}).filter((t) => t.customer === customer);

function create({ ctx, params, path }: ApiRequest) {
  params.allowOnly(['type', 'value', 'expand']);
  const customer = liveCustomer(ctx, path.id as string, 'id');
  const type = params.reqStr('type');
  if (!isTaxIdType(type)) throw invalidParam('type', `Invalid type: ${type} is not a supported tax ID type.`);
  const value = params.reqStr('value').trim();
  const format = FORMATS[type];
  if (format && !format.pattern.test(value)) {
    throw new StripeError(400, 'invalid_request_error', `Invalid value for ${type}.`, {
      code: 'tax_id_invalid',
      param: 'value',
    });
  }
  const taxId: TaxId = {
    id: newId('txi'),
    object: 'tax_id',
    country: format?.country(value) ?? null,
    created: ctx.clock.now(),
    customer: customer.id,
    customer_account: null,
    livemode: false,
    owner: { type: 'customer', customer: customer.id, customer_account: null },
    type,
    value,
    verification: { status: 'unavailable', verified_address: null, verified_name: null },
  };
  (ctx.state.taxIds ??= {})[taxId.id] = taxId;
  ctx.webhooks.emit('customer.tax_id.created', taxId);
  return expand(ctx.state, taxId, params.expand());
}

function remove({ ctx, path }: ApiRequest) {
  const taxId = ctx.state.taxIds?.[path.taxId as string];
  if (!taxId || taxId.customer !== path.id) throw noSuch(path.taxId as string);
  Reflect.deleteProperty(ctx.state.taxIds ?? {}, taxId.id);
  ctx.webhooks.emit('customer.tax_id.deleted', taxId);
  const deleted: Stripe.DeletedTaxId = { id: taxId.id, object: 'tax_id', deleted: true };
  return toJson(deleted);
}

export const taxIdRoutes: Route[] = [
  route('POST', '/v1/customers/:id/tax_ids', create),
  route('GET', '/v1/customers/:id/tax_ids', ({ ctx, params, path }) => {
    const customer = liveCustomer(ctx, path.id as string, 'id');
    return listAnswer(ctx.state, taxIdsOf(ctx, customer.id), params, `/v1/customers/${customer.id}/tax_ids`);
  }),
  route('DELETE', '/v1/customers/:id/tax_ids/:taxId', remove),
];

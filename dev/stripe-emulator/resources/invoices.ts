import {
  chargeInvoice,
  createInvoice,
  defaultPaymentMethod,
  intentOfInvoice,
  voidOpenInvoice,
} from '../billing';
import type { Ctx } from '../context';
import { badState, invalidParam, missingParam, noSuch } from '../errors';
import { expand } from '../expand';
import { clone } from '../json';
import { listAnswer } from '../list';
import type { Invoice } from '../objects';
import { cycleLine, prorationLines } from '../proration';
import { prorationDateOf } from '../proration-date';
import { route, type ApiRequest, type Route } from '../router';
import { resolvePaymentMethod } from './paymentMethods';
import { applyChanges, itemSpecs, periodEnd, planItemChanges } from '../subscription-items';
import { getSubscription } from './subscriptions';

function getInvoice(ctx: Ctx, id: string): Invoice {
  const invoice = ctx.state.invoices[id];
  if (!invoice) throw noSuch(id);
  return invoice;
}

function subscriptionOf(invoice: Invoice): string | undefined {
  const details = invoice.parent?.subscription_details;
  if (
    details &&
    typeof details === 'object' &&
    !Array.isArray(details) &&
    typeof details.subscription === 'string'
  ) {
    return details.subscription;
  }
  return undefined;
}

function list({ ctx, params }: ApiRequest) {
  const customer = params.str('customer');
  const subscription = params.str('subscription');
  const status = params.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const);
  const invoices = Object.values(ctx.state.invoices).filter(
    (i) =>
      (!customer || i.customer === customer) &&
      (!subscription || subscriptionOf(i) === subscription) &&
      (!status || i.status === status),
  );
  return listAnswer(ctx.state, invoices, params, '/v1/invoices');
}

function pay({ ctx, params, path }: ApiRequest) {
  params.allowOnly([
    'payment_method',
    'off_session',
    'expand',
    'paid_out_of_band',
    'forgive',
    'source',
    'mandate',
  ]);
  const invoice = getInvoice(ctx, path.id as string);
  if (invoice.status === 'paid') throw badState('Invoice is already paid', 'invoice_already_paid');
  if (invoice.status !== 'open')
    throw badState(`You cannot pay an invoice with status ${invoice.status}.`, 'invoice_not_open');
  const pmParam = params.str('payment_method');
  const sub = ctx.state.subscriptions[subscriptionOf(invoice) ?? ''];
  const pmId = pmParam
    ? resolvePaymentMethod(ctx, pmParam, 'payment_method').id
    : (intentOfInvoice(ctx, invoice)?.payment_method ??
      defaultPaymentMethod(ctx, sub, invoice.customer ?? ''));
  const failure = chargeInvoice(ctx, invoice, pmId);
  if (failure) throw failure;
  return expand(ctx.state, invoice, params.expand());
}

/** `invoices.createPreview`: the invoice a subscription change would produce, never stored. */
function createPreview({ ctx, params }: ApiRequest) {
  params.allowOnly([
    'customer',
    'subscription',
    'subscription_details',
    'expand',
    'preview_mode',
    'automatic_tax',
  ]);
  const subId = params.str('subscription');
  if (!subId) throw missingParam('subscription');
  const sub = getSubscription(ctx, subId, 'subscription');
  const customer = params.str('customer') ?? sub.customer;
  if (customer !== sub.customer)
    throw badState(`The subscription ${sub.id} does not belong to customer ${customer}.`);
  const details = params.obj('subscription_details');
  const changes = planItemChanges(ctx, sub, itemSpecs(details), 'subscription_details[items]');
  const behavior =
    details?.oneOf('proration_behavior', ['always_invoice', 'create_prorations', 'none'] as const) ??
    'create_prorations';
  const given = details?.int('proration_date');
  if (given !== undefined && behavior === 'none')
    throw invalidParam(
      'subscription_details[proration_date]',
      'subscription_details[proration_date] cannot be used with proration_behavior none.',
    );
  const at = prorationDateOf(ctx, sub, given, 'subscription_details[proration_date]');
  const prorations = behavior === 'none' ? [] : changes.flatMap((c) => prorationLines(ctx, sub, c, at));
  const first = sub.items.data[0];
  if (behavior === 'always_invoice' && prorations.length > 0) {
    const preview = createInvoice(ctx, {
      customer,
      sub,
      lines: prorations,
      billingReason: 'subscription_update',
      periodStart: at,
      periodEnd: first?.current_period_end ?? at,
      prorationDate: at,
      preview: true,
    });
    return expand(ctx.state, preview, params.expand());
  }
  // Otherwise the next renewal: the new quantities for a full period plus any prorations.
  const next = clone(sub);
  applyChanges(next, changes);
  for (const item of next.items.data) {
    item.current_period_start = item.current_period_end;
    item.current_period_end = periodEnd(item.price, item.current_period_start);
  }
  const start = first?.current_period_end ?? at;
  const preview = createInvoice(ctx, {
    customer,
    sub,
    lines: [
      ...(ctx.state.pendingLines[sub.id] ?? []).map((l) => clone(l)),
      ...prorations,
      ...next.items.data.map((item) => cycleLine(ctx, sub, item)),
    ],
    billingReason: 'subscription_cycle',
    periodStart: first?.current_period_start ?? at,
    periodEnd: start,
    prorationDate: prorations.length > 0 ? at : undefined,
    preview: true,
  });
  return expand(ctx.state, preview, params.expand());
}

function voidInvoice({ ctx, params, path }: ApiRequest) {
  const invoice = getInvoice(ctx, path.id as string);
  if (invoice.status !== 'open') throw badState(`You can only void an open invoice.`);
  voidOpenInvoice(ctx, invoice);
  return expand(ctx.state, invoice, params.expand());
}

export const invoiceRoutes: Route[] = [
  route('POST', '/v1/invoices/create_preview', createPreview),
  route('GET', '/v1/invoices', list),
  route('GET', '/v1/invoices/:id', ({ ctx, params, path }) =>
    expand(ctx.state, getInvoice(ctx, path.id as string), params.expand()),
  ),
  route('GET', '/v1/invoices/:id/lines', ({ ctx, params, path }) => {
    const invoice = getInvoice(ctx, path.id as string);
    return listAnswer(
      ctx.state,
      [...invoice.lines.data].reverse(),
      params,
      `/v1/invoices/${invoice.id}/lines`,
    );
  }),
  route('POST', '/v1/invoices/:id/pay', pay),
  route('POST', '/v1/invoices/:id/void', voidInvoice),
];

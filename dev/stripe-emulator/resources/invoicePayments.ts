import { noSuch } from '../errors';
import { expand } from '../expand';
import { listAnswer } from '../list';
import { route, type Route } from '../router';

/** GET /v1/invoice_payments (by invoice, or by payment intent) and GET /v1/invoice_payments/:id. */
export const invoicePaymentRoutes: Route[] = [
  route('GET', '/v1/invoice_payments', ({ ctx, params }) => {
    params.allowOnly(['invoice', 'payment', 'status', 'limit', 'starting_after', 'ending_before', 'expand']);
    const invoice = params.str('invoice');
    const intent = params.obj('payment')?.str('payment_intent');
    const status = params.str('status');
    const payments = Object.values(ctx.state.invoicePayments).filter(
      (p) =>
        (!invoice || p.invoice === invoice) &&
        (!intent || p.payment.payment_intent === intent) &&
        (!status || p.status === status),
    );
    return listAnswer(ctx.state, payments, params, '/v1/invoice_payments');
  }),
  route('GET', '/v1/invoice_payments/:id', ({ ctx, params, path }) => {
    const payment = ctx.state.invoicePayments[path.id as string];
    if (!payment) throw noSuch(path.id as string);
    return expand(ctx.state, payment, params.expand());
  }),
];

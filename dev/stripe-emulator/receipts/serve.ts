import type { Ctx } from '../context';
import { receiptHtml } from './html';
import { receiptPdf } from './pdf-receipt';
import { receiptOf } from './receipt';
import { RECEIPT_PATH, receiptUrls } from './urls';

// GET /invoices/{id} and /invoices/{id}/pdf: the pages an invoice's hosted_invoice_url and
// invoice_pdf open. Like Stripe's, they need no key: the link itself is the access.

export type ReceiptAnswer = { status: number; body: string; headers: Record<string, string> };

export function receiptAnswer(ctx: Ctx, pathname: string): ReceiptAnswer | undefined {
  const match = RECEIPT_PATH.exec(pathname);
  if (!match) return undefined;
  const invoice = ctx.state.invoices[match[1] as string];
  if (!invoice) {
    return {
      status: 404,
      body: 'No such invoice.\n',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    };
  }
  const receipt = receiptOf(ctx, invoice);
  if (match[2]) {
    return {
      status: 200,
      body: receiptPdf(receipt),
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="receipt-${receipt.number}.pdf"`,
      },
    };
  }
  return {
    status: 200,
    body: receiptHtml(receipt, receiptUrls(ctx.origin, invoice.id).invoice_pdf),
    headers: { 'content-type': 'text/html; charset=utf-8' },
  };
}

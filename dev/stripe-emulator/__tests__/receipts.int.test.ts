import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { monthlyPrice, start } from './helpers';

// Receipts as Stripe links them: every finalized invoice carries a hosted page and a PDF, here served
// by the emulator itself (readable HTML, a PDF whose structure a reader accepts), and invoices list by
// subscription and status.

async function get(url: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The checks a PDF reader makes before drawing: header, every xref offset at its object, startxref, EOF. */
function expectWellFormedPdf(pdf: string): void {
  expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
  expect(pdf.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
  expect(pdf.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, count] = /^xref\n0 (\d+)\n/.exec(pdf.slice(startxref)) ?? [];
  const entries = pdf
    .slice(startxref)
    .split('\n')
    .filter((l) => /^\d{10} \d{5} n $/.test(l));
  expect(entries).toHaveLength(Number(count) - 1);
  entries.forEach((entry, i) => {
    const offset = Number(entry.slice(0, 10));
    expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  const stream = /<< \/Length (\d+) >>\nstream\n/.exec(pdf);
  const length = Number(stream?.[1]);
  const at = (stream?.index ?? 0) + (stream?.[0].length ?? 0);
  expect(pdf.slice(at + length, at + length + 10)).toBe('\nendstream');
}

test('a paid invoice links a receipt page and a PDF that show its business, number, lines and amount', async () => {
  const { emulator, stripe } = await start({ businessName: 'Stockbench' });
  try {
    const price = await monthlyPrice(stripe);
    const customer = await stripe.customers.create({ email: 'receipt@example.com' });
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: 2 }],
      default_payment_method: pm.id,
    });
    const invoice = await stripe.invoices.retrieve(String(sub.latest_invoice));
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 3000,
      account_name: 'Stockbench',
      hosted_invoice_url: `${emulator.url}/invoices/${invoice.id}`,
      invoice_pdf: `${emulator.url}/invoices/${invoice.id}/pdf`,
    });

    const page = await get(invoice.hosted_invoice_url ?? '');
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html; charset=utf-8');
    const text = page.text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Stockbench');
    expect(text).toContain(`Invoice number ${invoice.number}`);
    expect(text).toContain('Status Paid');
    expect(text).toContain('Billed to receipt@example.com');
    expect(text).toContain('2 × Stockbench license (at $15.00 / month) $30.00');
    expect(text).toContain('Amount paid $30.00');
    expect(text).toContain('Amount due $0.00');
    expect(page.text).toContain(`href="${invoice.invoice_pdf}"`);

    const pdf = await get(invoice.invoice_pdf ?? '');
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expectWellFormedPdf(pdf.text);
    expect(pdf.text).toContain('(Stockbench) Tj');
    expect(pdf.text).toContain(`(Receipt ${invoice.number}) Tj`);
    expect(pdf.text).toContain('(2 \\327 Stockbench license \\(at $15.00 / month\\)) Tj');
    expect(pdf.text).toContain('($30.00) Tj');

    expect((await get(`${emulator.url}/invoices/in_doesnotexist`)).status).toBe(404);
    expect((await get(`${emulator.url}/invoices/in_doesnotexist/pdf`)).status).toBe(404);
  } finally {
    await emulator.stop();
  }
});

test('invoices list by subscription and status; an unknown status is refused; previews have no receipt', async () => {
  const { emulator, stripe } = await start();
  try {
    const price = await monthlyPrice(stripe);
    const make = async (card: string) => {
      const customer = await stripe.customers.create({ email: `${card}@example.com` });
      const pm = await stripe.paymentMethods.attach(card, { customer: customer.id });
      return stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id, quantity: 1 }],
        default_payment_method: pm.id,
      });
    };
    const paid = await make('pm_card_visa');
    const unpaid = await make('pm_card_chargeCustomerFail');
    expect(unpaid.status).toBe('incomplete');

    const ofUnpaid = await stripe.invoices.list({ subscription: unpaid.id });
    expect(ofUnpaid.data.map((i) => [i.id, i.status])).toEqual([[unpaid.latest_invoice, 'open']]);
    const open = await stripe.invoices.list({ subscription: unpaid.id, status: 'open' });
    expect(open.data.map((i) => i.id)).toEqual([unpaid.latest_invoice]);
    expect((await stripe.invoices.list({ subscription: unpaid.id, status: 'paid' })).data).toEqual([]);
    const paidList = await stripe.invoices.list({ subscription: paid.id, status: 'paid' });
    expect(paidList.data.map((i) => i.id)).toEqual([paid.latest_invoice]);

    const openPage = await get(open.data[0]?.hosted_invoice_url ?? '');
    expect(openPage.text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain('Status Due');

    const refused = await stripe.invoices.list({ subscription: paid.id, status: 'pending' as 'paid' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((refused as Stripe.errors.StripeError).param).toBe('status');

    const preview = await stripe.invoices.createPreview({ subscription: paid.id });
    expect(preview).toMatchObject({ hosted_invoice_url: null, invoice_pdf: null });
  } finally {
    await emulator.stop();
  }
});

test("a restarted emulator points stored invoices' receipts at its own address", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'stripe-emulator-'));
  const statePath = join(dir, 'stripe.json');
  try {
    const first = await start({ statePath });
    const price = await monthlyPrice(first.stripe);
    const customer = await first.stripe.customers.create({ email: 'moved@example.com' });
    const pm = await first.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const sub = await first.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: 1 }],
      default_payment_method: pm.id,
    });
    await first.emulator.stop();
    // As if it had listened elsewhere (the OS may hand the same free port out twice).
    const saved = await readFile(statePath, 'utf8');
    expect(saved).toContain(`${first.emulator.url}/invoices/`);
    await writeFile(statePath, saved.split(first.emulator.url).join('http://127.0.0.1:1'));

    const second = await start({ statePath });
    try {
      const invoice = await second.stripe.invoices.retrieve(String(sub.latest_invoice));
      expect(invoice.hosted_invoice_url).toBe(`${second.emulator.url}/invoices/${invoice.id}`);
      expect((await get(invoice.hosted_invoice_url ?? '')).status).toBe(200);
    } finally {
      await second.emulator.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

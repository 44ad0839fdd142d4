import * as z from 'zod/mini';
import { fileContract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

/**
 * GET /api/get-invoices-csv?uid: the caller's billing history (the invoices get-invoices lists) as a
 * CSV file for a bookkeeper, one row per invoice.
 */
export const getInvoicesCsv = fileContract({
  method: 'GET',
  path: '/api/get-invoices-csv',
  handler: 'get-invoices-csv',
  auth: 'jwt',
  query: z.strictObject({ uid: fields.uid }),
  file: { contentType: 'text/csv; charset=utf-8', stem: 'stockbench-billing-history', extension: 'csv' },
});

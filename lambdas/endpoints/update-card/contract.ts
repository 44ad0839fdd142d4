import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

export interface UpdateCardResult {
  subscriptionId: string;
  status: string;
  cardBrand: string | null;
  cardLast4: string | null;
  /** Open invoices paid with the new card (a past-due subscription). */
  paidInvoices: number;
}

/** PUT /api/update-card: the card becomes the default; a past-due subscription's open invoices are retried. */
export const updateCard = contract<UpdateCardResult>()({
  method: 'PUT',
  path: '/api/update-card',
  handler: 'update-card',
  auth: 'jwt',
  body: z.strictObject({
    subscriptionId: fields.subscriptionId,
    paymentMethodId: fields.paymentMethodId,
  }),
});

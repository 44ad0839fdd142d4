import * as z from 'zod/mini';
import { countryName } from '../../../src/lib/countries';
import { TAX_ID_TYPES, type TaxIdType } from '../../../src/lib/tax-id-types';
import { contract } from '../../contracts/contract';
import { fields, freeText } from '../../contracts/fields';

/** A company's details as its invoices show them. */
export interface BillingDetails {
  companyName: string;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    postalCode: string;
    state: string | null;
    /** ISO 3166-1 alpha-2. */
    country: string;
  };
  taxId: { type: TaxIdType; value: string } | null;
  /** Where invoices are addressed; null: the account's own email address. */
  billingEmail: string | null;
}

const text = (max: number) => freeText(max);
const optionalText = (max: number) => z.optional(freeText(max, { min: 0 }));

const billingAddress = z.strictObject({
  line1: text(200),
  line2: optionalText(200),
  city: text(100),
  postalCode: text(20),
  state: optionalText(100),
  country: z
    .string()
    .check(
      z.refine(
        (c) => countryName(c) !== undefined,
        'must be a two-letter country code (ISO 3166-1), such as US',
      ),
    ),
});

const taxId = z.strictObject({
  type: z.enum(TAX_ID_TYPES, { error: "must be one of Stripe's tax ID types, such as eu_vat" }),
  // Letters and digits with the separators the formats use; upper case, as the formats write them.
  value: z.pipe(
    z
      .string()
      .check(z.regex(/^\s*[A-Za-z0-9][A-Za-z0-9 .\-/]{0,38}\s*$/, 'must be 1 to 40 letters and digits')),
    z.transform((s: string) => s.trim().toUpperCase()),
  ),
});

/**
 * PUT /api/billing-details: a company's name, billing address, tax ID and billing email, set on the
 * Stripe customer, so every invoice from then on shows them. The whole set: a field left out is removed.
 */
export const putBillingDetails = contract<{ billingDetails: BillingDetails }>()({
  method: 'PUT',
  path: '/api/billing-details',
  handler: 'billing-details',
  auth: 'jwt',
  body: z.strictObject({
    customerId: fields.customerId,
    companyName: text(200),
    address: billingAddress,
    taxId: z.optional(taxId),
    billingEmail: z.optional(fields.email),
  }),
});

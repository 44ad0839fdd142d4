import type { BillingDetails } from '../../api-client/types';
import type { TaxIdType } from '../../lib/tax-id-types';
import { forDisplay } from '../../lib/unsafe-text';

// The billing details form's draft: the fields as typed, from what was saved and back into the
// request that saves them (put-billing-details: the whole set, a field left out is removed).

export interface Draft {
  companyName: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  state: string;
  country: string;
  taxType: TaxIdType | '';
  taxValue: string;
  billingEmail: string;
}

export const EMPTY: Draft = {
  companyName: '',
  line1: '',
  line2: '',
  city: '',
  postalCode: '',
  state: '',
  country: '',
  taxType: '',
  taxValue: '',
  billingEmail: '',
};

// Details stored before the API refused control and bidi characters show them as U+FFFD, which the
// user sees and can delete (saved again as they were, they would be refused).
export const draftOf = (d: BillingDetails): Draft => ({
  companyName: forDisplay(d.companyName),
  line1: forDisplay(d.address.line1),
  line2: forDisplay(d.address.line2 ?? ''),
  city: forDisplay(d.address.city),
  postalCode: forDisplay(d.address.postalCode),
  state: forDisplay(d.address.state ?? ''),
  country: d.address.country,
  taxType: d.taxId?.type ?? '',
  taxValue: d.taxId?.value ?? '',
  billingEmail: d.billingEmail ?? '',
});

/** The request that saves `d` for `customerId`: optional fields left blank are left out. */
export const requestOf = (customerId: string, d: Draft) => ({
  customerId,
  companyName: d.companyName,
  address: {
    line1: d.line1,
    ...(d.line2.trim() && { line2: d.line2 }),
    city: d.city,
    postalCode: d.postalCode,
    ...(d.state.trim() && { state: d.state }),
    country: d.country,
  },
  ...(d.taxType && d.taxValue.trim() && { taxId: { type: d.taxType, value: d.taxValue } }),
  ...(d.billingEmail.trim() && { billingEmail: d.billingEmail.trim() }),
});

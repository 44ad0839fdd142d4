import type { BillingDetails } from '../../endpoints/billing-details/contract';
import { callStripe } from './client';

// A company's billing details on its Stripe customer, which Stripe copies onto every invoice it
// finalizes from then on: the name, the address, one tax ID, and the email address invoices are to.
// A billing email is also noted in the customer's metadata, so that a change of the account's own
// address (customers.ts updateCustomerEmail) leaves it in place.

/** The metadata field that says the customer's email is a billing email the buyer chose. */
export const BILLING_EMAIL_FIELD = 'billing_email';

/**
 * Sets `details` on the customer; `accountEmail` is its email when no billing email is given. The
 * tax ID is created before anything else changes (Stripe checks its format: a malformed one changes
 * nothing), then the others are deleted. Run under the account's lease, so two tabs take turns.
 */
export async function setBillingDetails(
  customerId: string,
  details: BillingDetails,
  accountEmail: string | undefined,
): Promise<void> {
  await callStripe(async (stripe) => {
    const existing = (await stripe.customers.listTaxIds(customerId, { limit: 100 })).data;
    const wanted = details.taxId;
    let keep = wanted && existing.find((t) => t.type === wanted.type && t.value === wanted.value);
    if (wanted && !keep) keep = await stripe.customers.createTaxId(customerId, wanted);
    for (const t of existing) if (t.id !== keep?.id) await stripe.customers.deleteTaxId(customerId, t.id);
    const { address } = details;
    await stripe.customers.update(customerId, {
      name: details.companyName,
      address: {
        line1: address.line1,
        line2: address.line2 ?? '',
        city: address.city,
        postal_code: address.postalCode,
        state: address.state ?? '',
        country: address.country,
      },
      ...((details.billingEmail ?? accountEmail) && { email: details.billingEmail ?? accountEmail }),
      metadata: { [BILLING_EMAIL_FIELD]: details.billingEmail ?? '' },
    });
  });
}

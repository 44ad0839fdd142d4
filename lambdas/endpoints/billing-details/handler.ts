import { putBillingDetails as endpoint, type BillingDetails } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { apiHandler, ok } from '../../lib/http';
import { requireOwnCustomer } from '../../lib/ownership';
import { saveBillingDetails } from '../../lib/repository/billing-details';
import { parseJsonBody } from '../../lib/request';
import { setBillingDetails } from '../../lib/stripe';
import { runUserAction } from '../../money/user-action';

// PUT /api/billing-details {customerId, companyName, address, taxId?, billingEmail?}: a company's
// details for its invoices, set on the caller's Stripe customer (name, address, one tax ID of Stripe's
// types, the email invoices are to), which Stripe copies onto every invoice from then on, and kept on
// the account for the licenses page. Stripe refuses a tax ID without its type's format: 400, nothing
// changed. A user action under the account's lease (Idempotency-Key), so two tabs take turns and a
// double click sets them once.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  await requireOwnCustomer(caller, body.customerId);
  const details: BillingDetails = {
    companyName: body.companyName,
    address: {
      line1: body.address.line1,
      line2: body.address.line2 || null,
      city: body.address.city,
      postalCode: body.address.postalCode,
      state: body.address.state || null,
      country: body.address.country,
    },
    taxId: body.taxId ?? null,
    billingEmail: body.billingEmail ?? null,
  };
  return runUserAction(event, caller.sub, { route: 'billing-details', input: body }, async () => {
    await setBillingDetails(body.customerId, details, caller.email);
    await saveBillingDetails(caller.sub, details);
    return ok(endpoint, { billingDetails: details });
  });
});

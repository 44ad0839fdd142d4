import React from 'react';
import type { BillingDetails } from '../../api-client/types';
import { countryName } from '../../lib/countries';
import { forDisplay } from '../../lib/unsafe-text';

/** What the buyer's invoices show, as last saved, in one line. */
export function BillingSummary({ saved }: { saved: BillingDetails }) {
  return (
    <p className="billing-summary">
      {/* Each part isolated, so a name in a right-to-left script moves no comma around it. */}
      {[
        saved.companyName,
        saved.address.line1,
        saved.address.line2,
        `${saved.address.postalCode} ${saved.address.city}`,
        saved.address.state,
        countryName(saved.address.country),
        saved.taxId && `Tax ID: ${saved.taxId.value}`,
        saved.billingEmail && `Invoices to ${saved.billingEmail}`,
      ]
        .filter((part): part is string => Boolean(part))
        .map((part, i) => (
          <React.Fragment key={i}>
            {i > 0 && ', '}
            <bdi>{forDisplay(part)}</bdi>
          </React.Fragment>
        ))}
    </p>
  );
}

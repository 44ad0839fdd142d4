import React, { useState } from 'react';
import { addLicenses, isApiError, quoteLicenses } from '../../api-client/client';
import type { LicenseQuote } from '../../api-client/types';
import { trackEvent } from '../../analytics/events';
import { siteConfig } from '../../config';
import { authErrorMessage } from '../../auth/errors';
import { formatPaddedDate } from '../../lib/dates';
import { licenseCountLabel } from '../../lib/pluralize';
import { FormMessage } from '../shared/FormMessage';
import { formatCents } from '../shared/money';
import { useSubmitGuard } from '../shared/use-submit-guard';
import { LicenseCountInput, validCount } from './LicenseCountInput';

const QUOTE_RENEWED = 'The price changed since it was shown: here is the price now. Confirm again to pay it.';

interface AddLicensesProps {
  customerId: string;
  subscriptionId: string;
  onAdded: () => void;
}

/** Active subscription: choose 1..5, see what today's prorated charge is, then confirm. */
export function AddLicenses({ customerId, subscriptionId, onAdded }: AddLicensesProps) {
  const [count, setCount] = useState(1);
  const [quote, setQuote] = useState<LicenseQuote | null>(null);
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);

  const changeCount = (next: number) => {
    setCount(next);
    setQuote(null);
  };

  const askQuote = () =>
    run(async () => {
      trackEvent('clicked_add_license', { count });
      setError('');
      try {
        setQuote(await quoteLicenses({ count, subscriptionId }));
      } catch (err) {
        setError(authErrorMessage(err, 'billing'));
      }
    });

  // The quote's proration date goes with the confirmation, so the card is charged what was shown. A
  // quote the BFF no longer charges (QUOTE_EXPIRED) is replaced by a fresh one, shown, and paid only
  // when confirmed again.
  const confirm = (shown: LicenseQuote) =>
    run(async () => {
      setError('');
      try {
        await addLicenses({ customerId, subscriptionId, count, prorationDate: shown.prorationDate });
        setQuote(null);
        onAdded();
      } catch (err) {
        if (!isApiError(err) || err.error.code !== 'QUOTE_EXPIRED') {
          setError(authErrorMessage(err, 'billing'));
          return;
        }
        setQuote(null);
        try {
          setQuote(await quoteLicenses({ count, subscriptionId }));
          setError(QUOTE_RENEWED);
        } catch (again) {
          setError(authErrorMessage(again, 'billing'));
        }
      }
    });

  return (
    <section className="account-section" aria-labelledby="add-licenses">
      <h2 id="add-licenses">Add Licenses</h2>
      <LicenseCountInput value={count} onChange={changeCount} />
      <FormMessage kind="error">{error}</FormMessage>
      {quote ? (
        <div className="quote" role="status">
          <p>
            Adding {licenseCountLabel(quote.count)} charges your card{' '}
            {formatCents(quote.amountDue, quote.currency)} now
            {quote.periodEnd
              ? ` for the rest of the period ending ${formatPaddedDate(quote.periodEnd, 'seconds')}`
              : ''}
            , then{' '}
            {formatCents(
              (quote.unitAmount ?? siteConfig.licensePriceUsd * 100) * quote.count,
              quote.currency,
            )}{' '}
            more per month.
          </p>
          <div className="button-row">
            <button
              className="button button--primary"
              type="button"
              disabled={busy}
              onClick={() => void confirm(quote)}
            >
              Confirm and Pay
            </button>
            <button className="button" type="button" disabled={busy} onClick={() => setQuote(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button
          className="button button--primary"
          type="button"
          disabled={busy || !validCount(count)}
          onClick={() => void askQuote()}
        >
          Add Licenses
        </button>
      )}
    </section>
  );
}

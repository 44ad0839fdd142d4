import React, { useEffect, useState } from 'react';
import { getBillingDetails, putBillingDetails } from '../../api-client/client';
import type { BillingDetails } from '../../api-client/types';
import { authErrorMessage } from '../../auth/errors';
import { FormMessage } from '../shared/FormMessage';
import { useSubmitGuard } from '../shared/use-submit-guard';
import { BillingDetailsFields } from './BillingDetailsFields';
import { BillingSummary } from './BillingSummary';
import { draftOf, EMPTY, requestOf, type Draft } from './billing-draft';

/** What invoices show of the buyer: company, address, tax ID (Stripe's types) and billing email. */
export function BillingDetailsForm({ uid, customerId }: { uid: string; customerId: string }) {
  const [saved, setSaved] = useState<BillingDetails | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const { busy, run } = useSubmitGuard(500);

  useEffect(() => {
    let live = true;
    Promise.resolve()
      .then(() => getBillingDetails(uid))
      .then(
        (answer) => {
          if (live) setSaved(answer.billingDetails);
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [uid]);

  const change = (field: keyof Draft, value: string) => setDraft((d) => d && { ...d, [field]: value });

  const save = (d: Draft) =>
    run(async () => {
      setError('');
      try {
        const answer = await putBillingDetails(requestOf(customerId, d));
        setSaved(answer.billingDetails);
        setDraft(null);
        setDone('Saved. Your next invoices show these details.');
      } catch (err) {
        setError(authErrorMessage(err, 'billing'));
      }
    });

  return (
    <section className="account-section" aria-labelledby="billing-details">
      <h2 id="billing-details">Billing Details</h2>
      <FormMessage kind="success">{done}</FormMessage>
      {!draft && (
        <>
          {saved ? (
            <BillingSummary saved={saved} />
          ) : (
            <p>Add a company name, address and tax ID to show on your invoices.</p>
          )}
          <button
            className="button"
            type="button"
            onClick={() => {
              setDone('');
              setDraft(saved ? draftOf(saved) : EMPTY);
            }}
          >
            {saved ? 'Edit Billing Details' : 'Add Billing Details'}
          </button>
        </>
      )}
      {draft && (
        <form
          className="account-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save(draft);
          }}
        >
          <BillingDetailsFields draft={draft} onChange={change} />
          <FormMessage kind="error">{error}</FormMessage>
          <div className="button-row">
            <button className="button button--primary" type="submit" disabled={busy}>
              Save Billing Details
            </button>
            <button className="button" type="button" disabled={busy} onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

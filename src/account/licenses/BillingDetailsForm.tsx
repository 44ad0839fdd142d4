import React, { useEffect, useId, useState } from 'react';
import { getBillingDetails, putBillingDetails } from '../../api-client/client';
import type { BillingDetails } from '../../api-client/types';
import { authErrorMessage } from '../../auth/errors';
import { COUNTRIES, countryName } from '../../lib/countries';
import { COMMON_TAX_IDS, TAX_ID_TYPES, type TaxIdType } from '../../lib/tax-id-types';
import { forDisplay } from '../../lib/unsafe-text';
import { Field } from '../shared/Field';
import { FormMessage } from '../shared/FormMessage';
import { useSubmitGuard } from '../shared/use-submit-guard';

interface Draft {
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

const EMPTY: Draft = {
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
const draftOf = (d: BillingDetails): Draft => ({
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

const COMMON = new Set<string>(COMMON_TAX_IDS.map((t) => t.type));

/** What invoices show of the buyer: company, address, tax ID (Stripe's types) and billing email. */
export function BillingDetailsForm({ uid, customerId }: { uid: string; customerId: string }) {
  const [saved, setSaved] = useState<BillingDetails | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const { busy, run } = useSubmitGuard(500);
  const countryId = useId();
  const taxTypeId = useId();

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

  const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => d && { ...d, [field]: e.target.value });
  const example = COMMON_TAX_IDS.find((t) => t.type === draft?.taxType)?.example;

  const save = (d: Draft) =>
    run(async () => {
      setError('');
      try {
        const answer = await putBillingDetails({
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
          <Field
            label="Company name"
            value={draft.companyName}
            onChange={set('companyName')}
            required
            maxLength={200}
          />
          <Field
            label="Address"
            value={draft.line1}
            onChange={set('line1')}
            required
            maxLength={200}
            autoComplete="address-line1"
          />
          <Field
            label="Address line 2 (optional)"
            value={draft.line2}
            onChange={set('line2')}
            maxLength={200}
            autoComplete="address-line2"
          />
          <Field
            label="City"
            value={draft.city}
            onChange={set('city')}
            required
            maxLength={100}
            autoComplete="address-level2"
          />
          <Field
            label="Postal code"
            value={draft.postalCode}
            onChange={set('postalCode')}
            required
            maxLength={20}
            autoComplete="postal-code"
          />
          <Field
            label="State or region (optional)"
            value={draft.state}
            onChange={set('state')}
            maxLength={100}
            autoComplete="address-level1"
          />
          <div className="field">
            <label htmlFor={countryId}>Country</label>
            <select
              id={countryId}
              value={draft.country}
              onChange={set('country')}
              required
              autoComplete="country"
            >
              <option value="">Choose a country</option>
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={taxTypeId}>Tax ID type (optional)</label>
            <select id={taxTypeId} value={draft.taxType} onChange={set('taxType')}>
              <option value="">No tax ID</option>
              {COMMON_TAX_IDS.map((t) => (
                <option key={t.type} value={t.type}>
                  {t.label}
                </option>
              ))}
              <optgroup label="Other types (Stripe's names)">
                {TAX_ID_TYPES.filter((t) => !COMMON.has(t)).map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </optgroup>
            </select>
          </div>
          {draft.taxType && (
            <Field
              label="Tax ID"
              value={draft.taxValue}
              onChange={set('taxValue')}
              required
              maxLength={40}
              placeholder={example ? `For example ${example}` : undefined}
            />
          )}
          <Field
            label="Billing email (optional)"
            type="email"
            value={draft.billingEmail}
            onChange={set('billingEmail')}
            maxLength={254}
            autoComplete="email"
          />
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

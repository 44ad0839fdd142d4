import React, { useId } from 'react';
import { COUNTRIES } from '../../lib/countries';
import { COMMON_TAX_IDS, TAX_ID_TYPES } from '../../lib/tax-id-types';
import { Field } from '../shared/Field';
import type { Draft } from './billing-draft';

const COMMON = new Set<string>(COMMON_TAX_IDS.map((t) => t.type));

/** The fields the buyer fills in: company, address, country, tax ID (Stripe's types) and billing email. */
export function BillingDetailsFields({
  draft,
  onChange,
}: {
  draft: Draft;
  onChange: (field: keyof Draft, value: string) => void;
}) {
  const countryId = useId();
  const taxTypeId = useId();
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => onChange(field, e.target.value);
  const example = COMMON_TAX_IDS.find((t) => t.type === draft.taxType)?.example;
  return (
    <>
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
    </>
  );
}

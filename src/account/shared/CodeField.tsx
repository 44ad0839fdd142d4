import React from 'react';
import { Field } from './Field';

/** The 6-digit code an authenticator app shows (two-factor sign-in). */
export function CodeField({
  label = 'Authentication Code',
  value,
  onChange,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label={label}
      type="text"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      required
      title="The 6 digits your authenticator app shows"
      value={value}
      // Apps show the code as "123 456"; keep the digits only.
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}

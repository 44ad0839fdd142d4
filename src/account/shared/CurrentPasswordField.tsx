import React from 'react';
import { Field } from './Field';

/** The current password every profile change asks for first. */
export function CurrentPasswordField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label="Current Password"
      type="password"
      name="currentPassword"
      autoComplete="current-password"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

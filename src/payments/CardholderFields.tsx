import React from 'react';
import { Field } from '../account/shared/Field';
import { CardField } from './CardField';

/** Name on card and the card itself: what both card forms ask for. */
export function CardholderFields({
  name,
  onNameChange,
}: {
  name: string;
  onNameChange: (name: string) => void;
}) {
  return (
    <>
      <Field
        label="Name on Card"
        type="text"
        name="name"
        autoComplete="cc-name"
        required
        value={name}
        onChange={(e) => onNameChange(e.target.value)}
      />
      <CardField />
    </>
  );
}

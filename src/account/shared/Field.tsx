import React, { forwardRef, useId, type InputHTMLAttributes } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string };

/** A labelled input (the ref is the input's, for forms that move focus to it). */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, ...input }, ref) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} ref={ref} {...input} />
    </div>
  );
});

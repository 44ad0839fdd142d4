import React, { type ReactNode } from 'react';
import { FormMessage } from './FormMessage';

interface FormFooterProps {
  error: string;
  busy: boolean;
  label: string;
  disabled?: boolean;
  variant?: 'primary' | 'danger';
  /** Shown between the error and the button (a success message, say). */
  children?: ReactNode;
  /** The id of text read with the button (what selecting it agrees to). */
  describedBy?: string;
}

/** The end of every account form: its error, then the submit button, disabled while a request runs. */
export function FormFooter({
  error,
  busy,
  label,
  disabled = false,
  variant = 'primary',
  children,
  describedBy,
}: FormFooterProps) {
  return (
    <>
      <FormMessage kind="error">{error}</FormMessage>
      {children}
      <button
        className={`button button--${variant}`}
        type="submit"
        disabled={busy || disabled}
        aria-describedby={describedBy}
      >
        {label}
      </button>
    </>
  );
}

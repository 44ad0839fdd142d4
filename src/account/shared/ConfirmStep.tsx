import React, { type ReactNode, type Ref } from 'react';
import { FormMessage } from './FormMessage';

interface ConfirmStepProps {
  /** The group's accessible name (what is being confirmed). */
  label: string;
  /** The question, with what happens if confirmed. */
  children: ReactNode;
  confirmText: string;
  busy: boolean;
  error: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where the caller moves focus when the step opens. */
  confirmRef?: Ref<HTMLButtonElement>;
}

/** The second step of a destructive action on a row: the question, Confirm and Cancel, and its error. */
export function ConfirmStep(props: ConfirmStepProps) {
  const { label, children, confirmText, busy, error, onConfirm, onCancel, confirmRef } = props;
  return (
    <div className="confirm" role="group" aria-label={label}>
      {children}
      <button
        className="button button--small button--danger"
        type="button"
        disabled={busy}
        ref={confirmRef}
        onClick={onConfirm}
      >
        {confirmText}
      </button>
      <button className="button button--small" type="button" disabled={busy} onClick={onCancel}>
        Cancel
      </button>
      <FormMessage kind="error">{error}</FormMessage>
    </div>
  );
}

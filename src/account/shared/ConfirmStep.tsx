import React, { useEffect, useRef, type ReactNode } from 'react';
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
  /**
   * Moves the focus to the confirm button when the step opens (it mounts as it opens), so keyboard and
   * screen-reader users land on the question's answer, not on the top of the page.
   */
  focusConfirm?: boolean;
}

/** The second step of a destructive action on a row: the question, Confirm and Cancel, and its error. */
export function ConfirmStep(props: ConfirmStepProps) {
  const { label, children, confirmText, busy, error, onConfirm, onCancel, focusConfirm } = props;
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusConfirm) confirmButton.current?.focus();
  }, [focusConfirm]);
  return (
    <div className="confirm" role="group" aria-label={label}>
      {children}
      <button
        className="button button--small button--danger"
        type="button"
        disabled={busy}
        ref={confirmButton}
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

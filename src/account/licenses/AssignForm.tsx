import React, { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { emailAddressProblem, normalizeEmail } from '../../lib/email-address';
import { flagLookalikes } from '../shared/email-validity';
import { FormMessage } from '../shared/FormMessage';

interface AssignFormProps {
  licenseKey: string;
  /** The current assignee when changing it, to start from. */
  initialEmail: string;
  busy: boolean;
  error: string;
  onSubmit: (email: string) => void;
  onCancel: () => void;
}

/** The small inline form that gives a license to a person by email address. */
export function AssignForm({ licenseKey, initialEmail, busy, error, onSubmit, onCancel }: AssignFormProps) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [problem, setProblem] = useState('');
  const input = useRef<HTMLInputElement>(null);

  // Opened from a button: the keyboard and the screen reader continue in the field.
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = emailAddressProblem(email);
    setProblem(found ?? '');
    if (!found) onSubmit(normalizeEmail(email));
  };

  return (
    <form className="assign-form" aria-label={`Assign license ${licenseKey}`} onSubmit={submit}>
      <label htmlFor={id}>Email address</label>
      <input
        id={id}
        ref={input}
        type="email"
        name="email"
        autoComplete="off"
        required
        readOnly={busy}
        value={email}
        onChange={(e) => {
          flagLookalikes(e);
          setEmail(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !busy) onCancel();
        }}
      />
      <button className="button button--small button--primary" type="submit" disabled={busy}>
        Assign
      </button>
      <button className="button button--small" type="button" disabled={busy} onClick={onCancel}>
        Cancel
      </button>
      <FormMessage kind="error">{problem || error}</FormMessage>
    </form>
  );
}

import React, { useState } from 'react';
import { Link } from 'gatsby';
import { resetPassword } from 'aws-amplify/auth';
import { configureAmplify } from '../../auth/amplify-config';
import { Field } from '../shared/Field';
import { FormFooter } from '../shared/FormFooter';
import { FormMessage } from '../shared/FormMessage';
import { plausibleEmail } from '../shared/plausible-email';
import { useAuthForm } from '../shared/use-auth-form';

/** The address a page handed on in the history entry's state (the email recovery page does). */
function handedOnEmail(): string {
  if (typeof window === 'undefined') return '';
  const state: unknown = window.history.state;
  const email =
    typeof state === 'object' && state !== null ? (state as { email?: unknown }).email : undefined;
  return plausibleEmail(typeof email === 'string' ? email : null) ?? '';
}

/** Sends the password-reset email (its link opens /auth?mode=resetPassword). */
export function ResetPasswordRequest() {
  const [email, setEmail] = useState(handedOnEmail);
  const [sent, setSent] = useState('');
  const { busy, error, submit } = useAuthForm('resetRequest');

  const onSubmit = submit(async () => {
    setSent('');
    const address = email.trim();
    configureAmplify();
    await resetPassword({ username: address });
    setSent(`An email with instructions has been sent to ${address}.`);
  });

  return (
    <form className="account-form" onSubmit={onSubmit}>
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <FormFooter error={error} busy={busy} label="Send Email">
        <FormMessage kind="success">{sent}</FormMessage>
      </FormFooter>
      <p className="account-form__links">
        <Link to="/sign-in">Back to sign in</Link>
      </p>
    </form>
  );
}

import React, { useState, type FormEvent } from 'react';
import { Link } from 'gatsby';
import { resetPassword } from 'aws-amplify/auth';
import { configureAmplify } from '../../auth/amplify-config';
import { authErrorMessage } from '../../auth/errors';
import { Field } from '../shared/Field';
import { FormMessage } from '../shared/FormMessage';
import { useSubmitGuard } from '../shared/use-submit-guard';

/** Sends the password-reset email (its link opens /auth?mode=resetPassword). */
export function ResetPasswordRequest() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const { busy, run } = useSubmitGuard(500);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setError('');
      setSent('');
      const address = email.trim();
      try {
        configureAmplify();
        await resetPassword({ username: address });
        setSent(`An email with instructions has been sent to ${address}.`);
      } catch (err) {
        setError(authErrorMessage(err, 'resetRequest'));
      }
    });
  };

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
      <FormMessage kind="error">{error}</FormMessage>
      <FormMessage kind="success">{sent}</FormMessage>
      <button className="button button--primary" type="submit" disabled={busy}>
        Send Email
      </button>
      <p className="account-form__links">
        <Link to="/sign-in">Back to sign in</Link>
      </p>
    </form>
  );
}

import React, { useState, type FormEvent } from 'react';
import { Link, navigate } from 'gatsby';
import { authErrorMessage } from '../../auth/errors';
import { safeNext } from '../../auth/RequireAuth';
import { signInWithPassword } from '../../auth/sign-in';
import { Field } from '../shared/Field';
import { FormMessage } from '../shared/FormMessage';
import { queryParam } from '../shared/query';
import { useSubmitGuard } from '../shared/use-submit-guard';

export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setError('');
      try {
        const outcome = await signInWithPassword(email.trim(), password);
        if (outcome === 'unverified') {
          await navigate(`/must-verify-email?email=${encodeURIComponent(email.trim())}`);
        } else {
          await navigate(safeNext(queryParam('next')));
        }
      } catch (err) {
        setError(authErrorMessage(err, 'signIn'));
      }
    });
  };

  return (
    <form className="account-form" onSubmit={onSubmit} noValidate={false}>
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormMessage kind="error">{error}</FormMessage>
      <button className="button button--primary" type="submit" disabled={busy}>
        Submit
      </button>
      <p className="account-form__links">
        <Link to="/sign-up">Create an account</Link> · <Link to="/reset-password">Forgot your password?</Link>
      </p>
    </form>
  );
}

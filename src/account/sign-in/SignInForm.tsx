import React, { useState } from 'react';
import { Link, navigate } from 'gatsby';
import { safeNext } from '../../auth/safe-next';
import { signInWithPassword } from '../../auth/sign-in';
import { Field } from '../shared/Field';
import { FormFooter } from '../shared/FormFooter';
import { queryParam } from '../shared/query';
import { useAuthForm } from '../shared/use-auth-form';

export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, submit } = useAuthForm('signIn');

  const onSubmit = submit(async () => {
    const outcome = await signInWithPassword(email.trim(), password);
    if (outcome !== 'verified') {
      const resent = outcome === 'unverified-resent' ? '&resent=1' : '';
      await navigate(`/must-verify-email?email=${encodeURIComponent(email.trim())}${resent}`);
    } else {
      await navigate(safeNext(queryParam('next')));
    }
  });

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
      <FormFooter error={error} busy={busy} label="Submit" />
      <p className="account-form__links">
        <Link to="/sign-up">Create an account</Link> · <Link to="/reset-password">Forgot your password?</Link>
      </p>
    </form>
  );
}

import React, { useState, type FormEvent } from 'react';
import { Link, navigate } from 'gatsby';
import { signUp } from 'aws-amplify/auth';
import { configureAmplify } from '../../auth/amplify-config';
import { authErrorMessage } from '../../auth/errors';
import { Field } from '../shared/Field';
import { FormMessage } from '../shared/FormMessage';
import { useSubmitGuard } from '../shared/use-submit-guard';
import { passwordProblem } from '../shared/password-rules';

export function SignUpForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const problem = passwordProblem(password, confirm);
      if (problem) return setError(problem);
      setError('');
      try {
        configureAmplify();
        await signUp({
          username: email.trim(),
          password,
          options: { userAttributes: { email: email.trim() } },
        });
        await navigate('/sign-in');
      } catch (err) {
        setError(authErrorMessage(err, 'signUp'));
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
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        label="Confirm Password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <FormMessage kind="error">{error}</FormMessage>
      <button className="button button--primary" type="submit" disabled={busy}>
        Sign Up
      </button>
      <p className="account-form__links">
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </form>
  );
}

import React, { useState } from 'react';
import { Link, navigate } from 'gatsby';
import { signUp } from 'aws-amplify/auth';
import { configureAmplify } from '../../auth/amplify-config';
import { recordVerificationMail } from '../../auth/verification-mail';
import { emailAddressProblem, normalizeEmail } from '../../lib/email-address';
import { flagLookalikes } from '../shared/email-validity';
import { Field } from '../shared/Field';
import { FormFooter } from '../shared/FormFooter';
import { passwordProblem } from '../shared/password-rules';
import { plausibleEmail } from '../shared/plausible-email';
import { queryParam } from '../shared/query';
import { withNote } from '../shared/RedirectNote';
import { useAuthForm } from '../shared/use-auth-form';

export function SignUpForm() {
  // A mailed link (a license assigned to this address) names the address to sign up with.
  const [email, setEmail] = useState(() => plausibleEmail(queryParam('email')) ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, error, submit } = useAuthForm('signUp');

  const onSubmit = submit(async () => {
    const problem = emailAddressProblem(email) ?? passwordProblem(password, confirm);
    if (problem) return problem;
    // The one form the product compares addresses in (the BFF and Cognito's trigger apply it too).
    const address = normalizeEmail(email);
    configureAmplify();
    // No email attribute: the app client may not write it (cdk/lib/client-attributes.ts); Cognito
    // takes the address from the username.
    await signUp({ username: address, password });
    recordVerificationMail(address);
    await navigate(withNote('/sign-in', 'signedUp'));
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
        onChange={(e) => {
          flagLookalikes(e);
          setEmail(e.target.value);
        }}
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
      <FormFooter error={error} busy={busy} label="Create Account" />
      <p className="account-form__links">
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </form>
  );
}

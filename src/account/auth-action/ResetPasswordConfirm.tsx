import React, { useState } from 'react';
import { Link } from 'gatsby';
import { confirmResetPassword } from 'aws-amplify/auth';
import { configureAmplify } from '../../auth/amplify-config';
import { forgetUrlSecrets } from '../../lib/url-secrets';
import { Field } from '../shared/Field';
import { FormFooter } from '../shared/FormFooter';
import { FormMessage } from '../shared/FormMessage';
import { passwordProblem } from '../shared/password-rules';
import { useAuthForm } from '../shared/use-auth-form';
import { ResetLinkNextStep } from './LinkNextStep';

/** Cognito's answers to a reset code that is wrong, used, expired, or for an address that has no account. */
const LINK_FAILURES = ['CodeMismatchException', 'ExpiredCodeException', 'UserNotFoundException'];
const isLinkFailure = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && LINK_FAILURES.includes(String((err as { name?: unknown }).name));

/** mode=resetPassword: a new password for the emailed address, with the sign-up rules. */
export function ResetPasswordConfirm({ code, email }: { code: string; email: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  // Only a link Cognito refused leads to a new email; a mistyped or weak password is fixed here.
  const [badLink, setBadLink] = useState(false);
  const { busy, error, submit } = useAuthForm('action');

  const onSubmit = submit(async () => {
    setBadLink(false);
    const problem = passwordProblem(password, confirm);
    if (problem) return problem;
    configureAmplify();
    await confirmResetPassword({ username: email, confirmationCode: code, newPassword: password }).catch(
      (err: unknown) => {
        setBadLink(isLinkFailure(err));
        throw err;
      },
    );
    forgetUrlSecrets('/auth');
    setDone(true);
  });

  if (done) {
    return (
      <>
        <FormMessage kind="success">Password has been successfully reset.</FormMessage>
        <p>
          <Link className="button button--primary" to="/sign-in">
            Sign In
          </Link>
        </p>
      </>
    );
  }
  return (
    <form className="account-form" onSubmit={onSubmit}>
      {email && (
        <p>
          Choose a new password for <strong>{email}</strong>.
        </p>
      )}
      <Field
        label="New Password"
        type="password"
        name="newPassword"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        label="Confirm New Password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <FormFooter error={error} busy={busy} label="Reset Password" />
      {error && badLink && <ResetLinkNextStep />}
    </form>
  );
}

import React, { useState, type FormEvent } from 'react';
import { Link } from 'gatsby';
import { confirmResetPassword } from 'aws-amplify/auth';
import { configureAmplify } from '../../auth/amplify-config';
import { authErrorMessage } from '../../auth/errors';
import { Field } from '../shared/Field';
import { FormMessage } from '../shared/FormMessage';
import { passwordProblem } from '../shared/password-rules';
import { useSubmitGuard } from '../shared/use-submit-guard';

/** mode=resetPassword: a new password for the emailed address, with the sign-up rules. */
export function ResetPasswordConfirm({ code, email }: { code: string; email: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const { busy, run } = useSubmitGuard(500);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const problem = passwordProblem(password, confirm);
      if (problem) return setError(problem);
      setError('');
      try {
        configureAmplify();
        await confirmResetPassword({ username: email, confirmationCode: code, newPassword: password });
        setDone(true);
      } catch (err) {
        setError(authErrorMessage(err, 'action'));
      }
    });
  };

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
      <FormMessage kind="error">{error}</FormMessage>
      <button className="button button--primary" type="submit" disabled={busy}>
        Reset Password
      </button>
    </form>
  );
}

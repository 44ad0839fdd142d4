import React, { useState } from 'react';
import { Link } from 'gatsby';
import { resendSignUpCode, sendUserAttributeVerificationCode } from 'aws-amplify/auth';
import { useAuth } from '../../auth/AuthContext';
import { configureAmplify } from '../../auth/amplify-config';
import { authErrorMessage } from '../../auth/errors';
import { FormMessage } from '../shared/FormMessage';
import { takeUrlSecrets } from '../../lib/url-secrets';
import { useSubmitGuard } from '../shared/use-submit-guard';

/** After signing in unverified: where the email went, a Resend Email button and a sign-in link. */
export function MustVerifyEmail() {
  const { state } = useAuth();
  // The address leaves the address bar at once; a reload of the tab still has it (lib/url-secrets.ts).
  const [linkEmail] = useState(() => takeUrlSecrets().email ?? '');
  const email = state.status === 'signedIn' ? state.user.email : linkEmail;
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const { busy, run } = useSubmitGuard(500);

  const resend = () =>
    run(async () => {
      setError('');
      setSent('');
      try {
        configureAmplify();
        // A signed-in user changed the address; a new account has not been confirmed yet.
        if (state.status === 'signedIn')
          await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
        else await resendSignUpCode({ username: email });
        setSent(`A new verification email has been sent to ${email}.`);
      } catch (err) {
        setError(authErrorMessage(err, 'verify'));
      }
    });

  return (
    <div className="account-form">
      <p>
        A verification email has been sent to <strong>{email || 'your email address'}</strong>. Follow the
        link in it to verify your email address, then sign in.
      </p>
      <FormMessage kind="error">{error}</FormMessage>
      <FormMessage kind="success">{sent}</FormMessage>
      <button
        className="button button--primary"
        type="button"
        onClick={() => void resend()}
        disabled={busy || !email || state.status === 'loading'}
      >
        Resend Email
      </button>
      <p className="account-form__links">
        <Link to="/sign-in">Sign in</Link>
      </p>
    </div>
  );
}

import React, { useState } from 'react';
import { Link } from 'gatsby';
import { resendSignUpCode, sendUserAttributeVerificationCode } from 'aws-amplify/auth';
import { useAuth } from '../../auth/AuthContext';
import { configureAmplify } from '../../auth/amplify-config';
import { authErrorMessage } from '../../auth/errors';
import { recordVerificationMail } from '../../auth/verification-mail';
import { FormMessage } from '../shared/FormMessage';
import { queryParam } from '../shared/query';
import { takeUrlSecrets } from '../../lib/url-secrets';
import { useSubmitGuard } from '../shared/use-submit-guard';

const EARLIER_LINKS = 'Links in earlier verification emails no longer work.';

/**
 * After signing in unverified: where the email went, a Resend Email button and a sign-in link. With
 * resent=1 the sign-in just sent a new email (the earlier one had expired or was sent elsewhere).
 */
export function MustVerifyEmail() {
  const { state } = useAuth();
  // The address leaves the address bar at once; a reload of the tab still has it (lib/url-secrets.ts).
  const [linkEmail] = useState(() => takeUrlSecrets().email ?? '');
  const email = state.status === 'signedIn' ? state.user.email : linkEmail;
  const [resentOnSignIn] = useState(() => queryParam('resent') === '1');
  // The protected page the user was going to: signing in once verified goes back there.
  const [next] = useState(() => queryParam('next'));
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
        recordVerificationMail(email);
        setSent(`A new verification email has been sent to ${email}. ${EARLIER_LINKS}`);
      } catch (err) {
        setError(authErrorMessage(err, 'verify'));
      }
    });

  return (
    <div className="account-form">
      <p>
        {resentOnSignIn ? 'A new verification email' : 'A verification email'} has been sent to{' '}
        <strong>{email || 'your email address'}</strong>. Follow the link in it to verify your email address,
        then sign in.{resentOnSignIn ? ` ${EARLIER_LINKS}` : ''}
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
        <Link to={next ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in'}>Sign in</Link>
      </p>
    </div>
  );
}

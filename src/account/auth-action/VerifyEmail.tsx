import React, { useEffect, useRef, useState } from 'react';
import { Link, navigate } from 'gatsby';
import { confirmSignUp, confirmUserAttribute } from 'aws-amplify/auth';
import { useAuth } from '../../auth/AuthContext';
import { configureAmplify } from '../../auth/amplify-config';
import { authErrorMessage } from '../../auth/errors';
import { readSession } from '../../auth/session';
import { notifyAuthChange } from '../../auth/stored-session';
import { forgetUrlSecrets } from '../../lib/url-secrets';
import { FormMessage } from '../shared/FormMessage';
import { Spinner } from '../shared/Spinner';

/**
 * A code that does not match, on a link the product wrote, is one a newer email replaced (a confirmed
 * account answers "already verified" instead): it reads as the expired-link message.
 */
function verifyErrorMessage(error: unknown): string {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return authErrorMessage(
    name === 'CodeMismatchException' ? { name: 'ExpiredCodeException' } : error,
    'action',
  );
}

/**
 * mode=verifyEmail: confirms the address (a new account with confirmSignUp; a changed address of the
 * signed-in user with confirmUserAttribute), refreshes the session and goes home with a message.
 */
export function VerifyEmail({ code, email }: { code: string; email: string }) {
  const { state } = useAuth();
  const [error, setError] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (state.status === 'loading' || started.current) return;
    started.current = true;
    void (async () => {
      try {
        configureAmplify();
        const signedInUnverified =
          state.status === 'signedIn' &&
          !state.user.emailVerified &&
          (!email || state.user.email.toLowerCase() === email.toLowerCase());
        if (signedInUnverified) {
          await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
          await readSession(true);
          notifyAuthChange();
        } else {
          await confirmSignUp({ username: email, confirmationCode: code });
        }
        forgetUrlSecrets('/auth');
        await navigate('/?action=emailVerified');
      } catch (err) {
        setError(verifyErrorMessage(err));
      }
    })();
  }, [state, code, email]);

  if (!error) return <Spinner label="Verifying your email address…" />;
  return (
    <>
      <FormMessage kind="error">{error}</FormMessage>
      <p>
        Use the link in the most recent verification email, or <Link to="/sign-in">sign in</Link> to have a
        new one sent.
      </p>
    </>
  );
}

import React, { useEffect, useRef, useState } from 'react';
import { Link, navigate } from 'gatsby';
import { confirmSignUp, confirmUserAttribute, signIn, signOut } from 'aws-amplify/auth';
import { useAuth } from '../../auth/AuthContext';
import { configureAmplify } from '../../auth/amplify-config';
import { authErrorMessage } from '../../auth/errors';
import { takeReturnAfterVerify } from '../../auth/return-after-verify';
import { readSession } from '../../auth/session';
import { notifyAuthChange } from '../../auth/stored-session';
import { forgetUrlSecrets } from '../../lib/url-secrets';
import { FormMessage } from '../shared/FormMessage';
import { Field } from '../shared/Field';
import { FormFooter } from '../shared/FormFooter';
import { Spinner } from '../shared/Spinner';
import { useAuthForm } from '../shared/use-auth-form';

/**
 * A code that does not match, on a link the product wrote, is one a newer email replaced (a confirmed
 * account answers "already verified" instead): it reads as the expired-link message.
 */
function asLinkError(error: unknown): unknown {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === 'CodeMismatchException' ? { name: 'ExpiredCodeException' } : error;
}

/**
 * Verified: to the home page with its "email verified" message, or, for a user who is now signed in and was sent
 * away from a protected page for want of verification, back to that page.
 */
async function done(email: string, signedIn = false): Promise<void> {
  forgetUrlSecrets('/auth');
  const back = signedIn ? takeReturnAfterVerify(email) : undefined;
  await navigate(back ?? '/?action=emailVerified');
}

/**
 * Confirms the address after the account's password proved whose it is: a new account (the password
 * is right, the account unconfirmed) with confirmSignUp; a changed address with confirmUserAttribute,
 * in the session the password opened.
 */
async function verifyWithPassword(email: string, password: string, code: string): Promise<void> {
  configureAmplify();
  // Amplify refuses a second sign-in while one is stored.
  if (await readSession().catch(() => null)) await signOut().catch(() => undefined);
  const result = await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') {
    await confirmSignUp({ username: email, confirmationCode: code }).catch((err: unknown) => {
      throw asLinkError(err);
    });
    return done(email);
  }
  if (!result.isSignedIn) {
    // A second factor or another step: the sign-in page handles those; the link works once signed in.
    throw { name: 'SignInFirst', message: 'Please sign in, then open the link in the email again.' };
  }
  notifyAuthChange();
  const session = await readSession(true);
  if (session && !session.user.emailVerified) {
    await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code }).catch(
      (err: unknown) => {
        throw asLinkError(err);
      },
    );
    await readSession(true);
    notifyAuthChange();
  }
  return done(email, true);
}

/**
 * mode=verifyEmail. A link alone never verifies an account: whoever signed up with this address may
 * not be the person who reads its mail, so the page asks for the account's password first (a user
 * already signed in to that account proved it when signing in). Someone who does not know it is told
 * how to create their own account with the address: an account never verified does not keep it.
 */
export function VerifyEmail({ code, email }: { code: string; email: string }) {
  const { state } = useAuth();
  const [autoError, setAutoError] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, submit } = useAuthForm('verifyLink');
  const started = useRef(false);
  const signedInUnverified =
    state.status === 'signedIn' &&
    !state.user.emailVerified &&
    (!email || state.user.email.toLowerCase() === email.toLowerCase());
  const sessionEmail = state.status === 'signedIn' ? state.user.email : '';

  useEffect(() => {
    if (!signedInUnverified || started.current) return;
    started.current = true;
    void (async () => {
      try {
        configureAmplify();
        await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
        await readSession(true);
        notifyAuthChange();
        await done(email || sessionEmail, true);
      } catch (err) {
        setAutoError(authErrorMessage(asLinkError(err), 'action'));
      }
    })();
  }, [signedInUnverified, code, email, sessionEmail]);

  const onSubmit = submit(() => verifyWithPassword(email, password, code));

  if (state.status === 'loading') return <Spinner label="Loading…" />;
  if (signedInUnverified && !autoError) return <Spinner label="Verifying your email address…" />;
  if (autoError) {
    return (
      <>
        <FormMessage kind="error">{autoError}</FormMessage>
        <p>
          Use the link in the most recent verification email, or <Link to="/sign-in">sign in</Link> to have a
          new one sent.
        </p>
      </>
    );
  }
  const signUpLink = `/sign-up${email ? `?email=${encodeURIComponent(email)}` : ''}`;
  return (
    <form className="account-form" onSubmit={onSubmit}>
      <p>
        To verify {email ? <strong>{email}</strong> : 'this address'}, enter the password of its Stockbench
        account. We ask for it because a link alone must not hand an account to whoever created it: only the
        person who chose the password and reads this mailbox can finish.
      </p>
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormFooter error={error} busy={busy} label="Verify Email" />
      <p className="account-form__links">
        Did not create an account with this address, or do not know its password? Someone else may have signed
        up with it. <Link to={signUpLink}>Create your own account</Link> with this address: an account that
        was never verified is replaced, and this link stops working.
      </p>
      <p className="account-form__links">
        If this link has expired, <Link to="/sign-in">sign in</Link> to have a new one sent.
      </p>
    </form>
  );
}

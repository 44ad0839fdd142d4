import React, { useEffect, useRef, useState } from 'react';
import { Link, navigate } from 'gatsby';
import { accountConfig } from '../../account-config';
import { authErrorMessage } from '../../auth/errors';
import { rememberReturnAfterVerify, takeReturnAfterVerify } from '../../auth/return-after-verify';
import { safeNext } from '../../auth/safe-next';
import {
  confirmSignInWithCode,
  signInWithPasskey,
  signInWithPassword,
  type SignInOutcome,
} from '../../auth/sign-in';
import { CodeField } from '../shared/CodeField';
import { Field } from '../shared/Field';
import { FormFooter } from '../shared/FormFooter';
import { FormMessage } from '../shared/FormMessage';
import { queryParam } from '../shared/query';
import { useAuthForm } from '../shared/use-auth-form';
import { LostPhone } from '../shared/LostPhone';

export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // After a right password, when two-factor sign-in is on: the code step.
  const [askCode, setAskCode] = useState(false);
  const [expired, setExpired] = useState('');
  const passwordForm = useAuthForm('signIn');
  const codeForm = useAuthForm('signInCode');
  const passkeyForm = useAuthForm('signInPasskey');
  const passwordField = useRef<HTMLInputElement>(null);
  // Bumped when a passkey sign-in finds none: the password field gets the focus.
  const [toPassword, setToPassword] = useState(0);
  useEffect(() => {
    if (toPassword) passwordField.current?.focus();
  }, [toPassword]);

  const go = async (outcome: SignInOutcome) => {
    if (outcome === 'code-required') {
      setCode('');
      setAskCode(true);
    } else if (outcome !== 'verified') {
      // Sent here from a protected page: it is where the first verified sign-in goes.
      const next = queryParam('next');
      rememberReturnAfterVerify(email, next);
      const resent = outcome === 'unverified-resent' ? '&resent=1' : '';
      const back = next ? `&next=${encodeURIComponent(next)}` : '';
      await navigate(`/must-verify-email?email=${encodeURIComponent(email.trim())}${resent}${back}`);
    } else {
      const next = queryParam('next');
      const kept = takeReturnAfterVerify(email);
      await navigate(safeNext(next ?? kept));
    }
  };

  const onPassword = passwordForm.submit(async () => {
    setExpired('');
    await go(await signInWithPassword(email.trim(), password));
  });

  const onPasskey = passkeyForm.submit(async () => {
    setExpired('');
    if (!email.trim()) return 'Enter your email address, then choose Sign In With a Passkey.';
    const outcome = await signInWithPasskey(email.trim());
    if (outcome !== 'no-passkey') return go(outcome);
    // Nobody waits on a prompt that cannot succeed: the password form takes over.
    setToPassword((n) => n + 1);
    return 'This account has no passkey yet. Sign in with your password; you can add a passkey on your profile.';
  });

  const onCode = codeForm.submit(async () => {
    try {
      await go(await confirmSignInWithCode(code));
    } catch (error) {
      // The 3-minute sign-in session is over (or took too many wrong codes): back to the password.
      if ((error as { name?: unknown } | null)?.name !== 'NotAuthorizedException') throw error;
      setExpired(authErrorMessage(error, 'signInCode'));
      setPassword('');
      setAskCode(false);
    }
  });

  if (askCode) {
    return (
      <form className="account-form" onSubmit={onCode}>
        <p>
          Two-factor sign-in is on for <strong>{email.trim()}</strong>. Enter the 6-digit code your
          authenticator app shows for Stockbench.
        </p>
        <CodeField value={code} onChange={setCode} />
        <FormFooter error={codeForm.error} busy={codeForm.busy} label="Verify" disabled={code.length !== 6} />
        <LostPhone />
      </form>
    );
  }

  return (
    <form className="account-form" onSubmit={onPassword} noValidate={false}>
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
        ref={passwordField}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormFooter error={passwordForm.error || expired} busy={passwordForm.busy} label="Sign In" />
      {accountConfig.passkeys && (
        <div className="passkey-sign-in">
          <p className="passkey-sign-in__or">or, without your password</p>
          <FormMessage kind="error">{passkeyForm.error}</FormMessage>
          <button className="button" type="button" disabled={passkeyForm.busy} onClick={onPasskey}>
            Sign In With a Passkey
          </button>
        </div>
      )}
      <p className="account-form__links">
        <Link to="/sign-up">Create an account</Link> · <Link to="/reset-password">Forgot your password?</Link>
      </p>
    </form>
  );
}

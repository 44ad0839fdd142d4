import React, { useEffect, useState } from 'react';
import { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { configureAmplify } from '../../auth/amplify-config';
import { genericErrorMessage } from '../../auth/errors';
import { reauthenticateWithCode } from '../../auth/reauthenticate';
import type { SessionUser } from '../../auth/session';
import { CodeField } from '../shared/CodeField';
import { CurrentPasswordField } from '../shared/CurrentPasswordField';
import { FormFooter } from '../shared/FormFooter';
import { FormMessage } from '../shared/FormMessage';
import { LostPhone } from '../shared/LostPhone';
import { signInAgain } from '../shared/sign-in-again';
import { Spinner } from '../shared/Spinner';
import { useAuthForm } from '../shared/use-auth-form';
import { ProfileSection } from './ProfileSection';
import { QrCode, qrMatrix, type QrMatrix } from './QrCode';

/** The name authenticator apps show above the code. */
const ISSUER = 'Stockbench';

type State =
  | { step: 'loading' }
  | { step: 'unknown' }
  | { step: 'off' }
  | { step: 'setup'; secret: string; qr: QrMatrix }
  | { step: 'on' };

/** Groups of four, as authenticator apps print keys; spaces are ignored when typed in. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Two-factor sign-in with an authenticator app (Cognito's TOTP MFA): set up with a QR code or the key as
 * text and a first code; turned off with the password and a current code (reauthenticateWithCode).
 */
export function TwoFactor({ user }: { user: SessionUser }) {
  const [state, setState] = useState<State>({ step: 'loading' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  // One per form: each has its own message and its own double-click lock.
  const setupForm = useAuthForm('mfa');
  const onForm = useAuthForm('mfa');
  const offForm = useAuthForm('mfa');

  useEffect(() => {
    let live = true;
    configureAmplify();
    fetchMFAPreference()
      .then((pref) => live && setState({ step: pref.enabled?.includes('TOTP') ? 'on' : 'off' }))
      .catch(() => live && setState({ step: 'unknown' }));
    return () => {
      live = false;
    };
  }, []);

  const startSetup = setupForm.submit(async () => {
    const details = await setUpTOTP();
    const uri = details.getSetupUri(ISSUER, user.email).toString();
    setCode('');
    setState({ step: 'setup', secret: details.sharedSecret, qr: await qrMatrix(uri) });
  });

  const turnOn = onForm.submit(async () => {
    if (!/^[0-9]{6}$/.test(code)) return 'Enter the 6-digit code your authenticator app shows.';
    await verifyTOTPSetup({ code });
    await updateMFAPreference({ totp: 'PREFERRED' });
    setCode('');
    await signInAgain('twoFactorOn');
  });

  const turnOff = offForm.submit(async () => {
    if (!/^[0-9]{6}$/.test(code)) return 'Enter the 6-digit code your authenticator app shows.';
    await reauthenticateWithCode(user.email, password, code);
    await updateMFAPreference({ totp: 'DISABLED' });
    setCode('');
    setPassword('');
    await signInAgain('twoFactorOff');
  });

  let body: React.ReactNode;
  if (state.step === 'loading') body = <Spinner />;
  else if (state.step === 'unknown') body = <FormMessage kind="error">{genericErrorMessage()}</FormMessage>;
  else if (state.step === 'off') {
    body = (
      <form className="account-form" onSubmit={startSetup}>
        <p>
          Protect your account with a second step at sign-in: a 6-digit code from an authenticator app on your
          phone (such as Google Authenticator, Microsoft Authenticator or 1Password). Someone who learns your
          password still cannot sign in without your phone.
        </p>
        <FormFooter error={setupForm.error} busy={setupForm.busy} label="Set Up Two-Factor Sign-In" />
      </form>
    );
  } else if (state.step === 'setup') {
    body = (
      <form className="account-form" onSubmit={turnOn}>
        <p>1. Scan this QR code with your authenticator app:</p>
        <QrCode matrix={state.qr} label="QR code to add Stockbench to an authenticator app" />
        <p>
          Or type this setup key into the app (time-based):{' '}
          <code data-testid="totp-secret">{grouped(state.secret)}</code>
        </p>
        <p>
          Keep a copy of the key somewhere safe, such as your password manager: it lets you add the account to
          a new phone if you lose this one.
        </p>
        <p>2. Enter the 6-digit code the app now shows for Stockbench:</p>
        <CodeField value={code} onChange={setCode} />
        <FormFooter error={onForm.error} busy={onForm.busy} label="Turn On" disabled={code.length !== 6} />
      </form>
    );
  } else {
    body = (
      <>
        <p>
          Two-factor sign-in is <strong>on</strong>: signing in asks for a code from your authenticator app.
          To turn it off, enter your password and a current code.
        </p>
        <form className="account-form" onSubmit={turnOff}>
          <CurrentPasswordField value={password} onChange={setPassword} />
          <CodeField value={code} onChange={setCode} />
          <FormFooter
            error={offForm.error}
            busy={offForm.busy}
            label="Turn Off"
            variant="danger"
            disabled={!password || code.length !== 6}
          />
        </form>
      </>
    );
  }

  return (
    <ProfileSection id="two-factor" title="Two-Factor Sign-In">
      {body}
      {state.step === 'on' && <LostPhone />}
    </ProfileSection>
  );
}

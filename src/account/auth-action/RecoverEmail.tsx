import React, { useEffect, useState } from 'react';
import { Link } from 'gatsby';
import { getEmailRecovery, isApiError, recoverEmail } from '../../api-client/client';
import type { EmailRecoveryInfo } from '../../api-client/types';
import { authErrorMessage } from '../../auth/errors';
import { signOutUser } from '../../auth/sign-out';
import { forgetUrlSecrets } from '../../lib/url-secrets';
import { FormMessage } from '../shared/FormMessage';
import { Spinner } from '../shared/Spinner';
import { useSubmitGuard } from '../shared/use-submit-guard';
import { RecoveryLinkNextStep } from './LinkNextStep';

/**
 * mode=recoverEmail: shows both addresses; Recover restores the previous one through the BFF, which
 * also ends every session and voids the password (whoever changed the address may know it), removes an
 * authenticator app set up since the change (one set up before it stays), and mails the restored
 * address a link to choose a new one. The page then leads straight there.
 */
export function RecoverEmail({ code }: { code: string }) {
  const [info, setInfo] = useState<EmailRecoveryInfo | null>(null);
  const [error, setError] = useState('');
  const [used, setUsed] = useState(false);
  const [restored, setRestored] = useState('');
  const { busy, run } = useSubmitGuard(500);

  useEffect(() => {
    let live = true;
    getEmailRecovery(code).then(
      (answer) => live && setInfo(answer),
      (err: unknown) => {
        if (!live) return;
        setUsed(isApiError(err) && err.error.code === 'USED_ACTION_CODE');
        setError(authErrorMessage(err, 'action'));
      },
    );
    return () => {
      live = false;
    };
  }, [code]);

  const recover = () =>
    run(async () => {
      setError('');
      try {
        const { email } = await recoverEmail(code);
        forgetUrlSecrets('/auth');
        // The BFF ended every session of the account; drop this device's copy too.
        await signOutUser().catch(() => undefined);
        setRestored(email);
      } catch (err) {
        setError(authErrorMessage(err, 'action'));
      }
    });

  if (restored) {
    return (
      <>
        <FormMessage kind="success">Email address has been successfully restored to {restored}.</FormMessage>
        <p>
          Every session of your account has ended, and its password no longer works, in case whoever changed
          your address knew it. Choose a new password now: we have mailed a link for it to{' '}
          <strong>{restored}</strong>.
        </p>
        <p>
          Two-factor sign-in stays as it was before the change: if it was on, signing in asks for a code from
          your authenticator app as before. An authenticator app set up after the change has been removed.
        </p>
        <p>
          {/* The address travels in the page's state, not in its URL (URLs reach access logs). */}
          <Link className="button button--primary" to="/reset-password" state={{ email: restored }}>
            Choose a New Password
          </Link>{' '}
          <Link className="button" to="/">
            Home
          </Link>
        </p>
      </>
    );
  }
  if (!info) {
    if (!error) return <Spinner />;
    return (
      <>
        <FormMessage kind="error">{error}</FormMessage>
        <RecoveryLinkNextStep used={used} />
      </>
    );
  }
  return (
    <div className="account-form">
      <p>
        The email address of your account was changed from <strong>{info.previousEmail}</strong> to{' '}
        <strong>{info.email}</strong>. If you did not make this change, restore your previous address.
      </p>
      <FormMessage kind="error">{error}</FormMessage>
      <button className="button button--primary" type="button" onClick={() => void recover()} disabled={busy}>
        Recover
      </button>
    </div>
  );
}

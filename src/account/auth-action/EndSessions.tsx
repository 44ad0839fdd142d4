import React, { useState } from 'react';
import { Link } from 'gatsby';
import { endSessions, isApiError } from '../../api-client/client';
import { authErrorMessage } from '../../auth/errors';
import { signOutUser } from '../../auth/sign-out';
import { siteConfig } from '../../config';
import { forgetUrlSecrets } from '../../lib/url-secrets';
import { FormMessage } from '../shared/FormMessage';
import { useSubmitGuard } from '../shared/use-submit-guard';

/**
 * mode=endSessions: the link of a security mail ("two-factor sign-in was turned on", "your password was
 * changed", ...) for an owner who did not make that change. One click ends every session of the account
 * through the BFF (a button, not the link itself: mail scanners open links). Then the next steps.
 */
export function EndSessions({ code }: { code: string }) {
  const [error, setError] = useState('');
  const [used, setUsed] = useState(false);
  const [done, setDone] = useState(false);
  const { busy, run } = useSubmitGuard(500);

  const end = () =>
    run(async () => {
      setError('');
      try {
        await endSessions(code);
        forgetUrlSecrets('/auth');
        await signOutUser().catch(() => undefined);
        setDone(true);
      } catch (err) {
        setUsed(isApiError(err) && err.error.code === 'USED_ACTION_CODE');
        setError(authErrorMessage(err, 'action'));
      }
    });

  const nextSteps = (
    <p>
      Now <Link to="/reset-password">reset your password</Link>, so whoever made the change cannot sign in
      with it again. If two-factor sign-in asks for a code you do not have, write to{' '}
      <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a> from your account&apos;s
      address and we will turn it off.
    </p>
  );
  if (done || used) {
    return (
      <>
        <FormMessage kind="success">
          {done
            ? 'Every session of your account has ended, on every device.'
            : 'This link was used already: every session of your account ended then.'}
        </FormMessage>
        {nextSteps}
      </>
    );
  }
  return (
    <div className="account-form">
      <p>
        If you did not make the change we emailed you about, someone else may be signed in to your account.
        End every session of it, on every device, now.
      </p>
      <FormMessage kind="error">{error}</FormMessage>
      <button className="button button--primary" type="button" onClick={() => void end()} disabled={busy}>
        End Every Session
      </button>
    </div>
  );
}

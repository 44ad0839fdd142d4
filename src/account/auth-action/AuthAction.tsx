import React, { useState } from 'react';
import { Link } from 'gatsby';
import { FormMessage } from '../shared/FormMessage';
import { takeUrlSecrets } from '../../lib/url-secrets';
import { queryParam } from '../shared/query';
import { EndSessions } from './EndSessions';
import { RecoverEmail } from './RecoverEmail';
import { ResetPasswordConfirm } from './ResetPasswordConfirm';
import { VerifyEmail } from './VerifyEmail';

/**
 * /auth: the page emailed links open, by mode and oobCode (and the address, for Cognito's codes).
 * The code and the address leave the address bar at once (mode stays); a reload of the tab still
 * has them (lib/url-secrets.ts), until the action is done.
 */
export function AuthAction() {
  const mode = queryParam('mode');
  const [{ oobCode: code = '', email = '' }] = useState(takeUrlSecrets);
  switch (mode) {
    case 'verifyEmail':
      return <VerifyEmail code={code} email={email} />;
    case 'resetPassword':
      return <ResetPasswordConfirm code={code} email={email} />;
    case 'recoverEmail':
      return <RecoverEmail code={code} />;
    case 'endSessions':
      return <EndSessions code={code} />;
    default:
      // A link cut short or mistyped: say what to do rather than end at the error.
      return (
        <>
          <FormMessage kind="error">Unknown mode.</FormMessage>
          <p>
            This link is incomplete. Open it again from the email, copying the whole address, or{' '}
            <Link to="/sign-in">sign in</Link>.
          </p>
        </>
      );
  }
}

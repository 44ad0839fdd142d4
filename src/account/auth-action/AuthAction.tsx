import React from 'react';
import { FormMessage } from '../shared/FormMessage';
import { queryParam } from '../shared/query';
import { RecoverEmail } from './RecoverEmail';
import { ResetPasswordConfirm } from './ResetPasswordConfirm';
import { VerifyEmail } from './VerifyEmail';

/** /auth: the page emailed links open, by mode and oobCode (and the address, for Cognito's codes). */
export function AuthAction() {
  const mode = queryParam('mode');
  const code = queryParam('oobCode') ?? '';
  const email = queryParam('email') ?? '';
  switch (mode) {
    case 'verifyEmail':
      return <VerifyEmail code={code} email={email} />;
    case 'resetPassword':
      return <ResetPasswordConfirm code={code} email={email} />;
    case 'recoverEmail':
      return <RecoverEmail code={code} />;
    default:
      return <FormMessage kind="error">Unknown mode.</FormMessage>;
  }
}

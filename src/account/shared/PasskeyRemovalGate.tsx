import React, { useEffect, useState, type ReactNode } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { authErrorMessage } from '../../auth/errors';
import { finishSupportPasskeyRemoval } from '../../auth/passkey-removal';
import { FormMessage } from './FormMessage';
import { signInAgain } from './sign-in-again';
import { Spinner } from './Spinner';

/**
 * While support removes the account's passkeys (the BFF answered PASSKEY_REMOVAL_PENDING), the page
 * gives way to the removal: the site removes them with this session's access token, then signs out
 * everywhere and goes to the sign-in page, whoever signed in (the owner, or someone with the lost
 * passkey). A failure shows its error and a retry.
 */
export function PasskeyRemovalGate({ children }: { children: ReactNode }) {
  const { passkeyRemovalPending } = useAuth();
  return passkeyRemovalPending ? <FinishPasskeyRemoval /> : <>{children}</>;
}

function FinishPasskeyRemoval() {
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    finishSupportPasskeyRemoval().then(
      () => live && void signInAgain('passkeysRemovedBySupport'),
      (failure: unknown) => live && setError(authErrorMessage(failure, 'passkeys')),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const retry = () => {
    setError(undefined);
    setAttempt((n) => n + 1);
  };

  return (
    <section className="account-section" aria-labelledby="passkey-removal-title">
      <h2 id="passkey-removal-title">Removing your passkeys</h2>
      <p>Removing your passkeys, as you asked support. You will then be signed out on every device.</p>
      {error ? (
        <>
          <FormMessage kind="error">{error}</FormMessage>
          <button type="button" className="button button--primary" onClick={retry}>
            Try Again
          </button>
        </>
      ) : (
        <Spinner />
      )}
    </section>
  );
}

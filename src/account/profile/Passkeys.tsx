import React, { useEffect, useState } from 'react';
import { genericErrorMessage } from '../../auth/errors';
import { addPasskey, listPasskeys, type Passkey } from '../../auth/passkeys';
import { FormFooter } from '../shared/FormFooter';
import { FormMessage } from '../shared/FormMessage';
import { signInAgain } from '../shared/sign-in-again';
import { Spinner } from '../shared/Spinner';
import { useAuthForm } from '../shared/use-auth-form';
import { PasskeyList } from './PasskeyList';
import { ProfileSection } from './ProfileSection';

/**
 * Passkeys (Cognito's WebAuthn first factor): add one with the browser's own prompt, see them, remove one.
 * Shown only in a build for a user pool that takes them (accountConfig.passkeys). Adding or removing one
 * is a change of factor: every session ends, this one too, and the person signs in again (signInAgain),
 * with the new passkey if they like; Cognito's event of the change mails them and ends the sessions if
 * this page could not.
 */
export function Passkeys() {
  // null: not loaded yet; undefined: the list could not be read.
  const [passkeys, setPasskeys] = useState<Passkey[] | null | undefined>(null);
  const addForm = useAuthForm('passkeys');

  useEffect(() => {
    let live = true;
    listPasskeys()
      .then((list) => live && setPasskeys(list))
      .catch(() => live && setPasskeys(undefined));
    return () => {
      live = false;
    };
  }, []);

  const onAdd = addForm.submit(async () => {
    await addPasskey();
    await signInAgain('passkeyAdded');
  });

  const onRemoved = () => signInAgain('passkeyRemoved');

  let list: React.ReactNode;
  if (passkeys === null) list = <Spinner />;
  else if (passkeys === undefined) list = <FormMessage kind="error">{genericErrorMessage()}</FormMessage>;
  else if (passkeys.length === 0) list = <p>You have no passkeys yet.</p>;
  else list = <PasskeyList passkeys={passkeys} onRemoved={onRemoved} />;

  return (
    <ProfileSection id="passkeys" title="Passkeys">
      <p>
        Sign in with your fingerprint, face or device PIN instead of your password. A passkey stays on your
        device and works only on this site, so it cannot be phished. Your password keeps working too.
      </p>
      {list}
      <form className="account-form" onSubmit={onAdd}>
        <FormFooter error={addForm.error} busy={addForm.busy} label="Add a Passkey" />
      </form>
    </ProfileSection>
  );
}

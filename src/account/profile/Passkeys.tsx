import React, { useCallback, useEffect, useState } from 'react';
import { genericErrorMessage } from '../../auth/errors';
import { addPasskey, listPasskeys, type Passkey } from '../../auth/passkeys';
import { FormFooter } from '../shared/FormFooter';
import { FormMessage } from '../shared/FormMessage';
import { Spinner } from '../shared/Spinner';
import { useAuthForm } from '../shared/use-auth-form';
import { PasskeyList } from './PasskeyList';
import { ProfileSection } from './ProfileSection';

/**
 * Passkeys (Cognito's WebAuthn first factor): add one with the browser's own prompt, see them, remove one.
 * Shown only in a build for a user pool that takes them (accountConfig.passkeys).
 */
export function Passkeys() {
  // null: not loaded yet; undefined: the list could not be read.
  const [passkeys, setPasskeys] = useState<Passkey[] | null | undefined>(null);
  const [announcement, setAnnouncement] = useState('');
  const addForm = useAuthForm('passkeys');

  const reload = useCallback(async () => {
    setPasskeys(await listPasskeys().catch(() => undefined));
  }, []);

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
    setAnnouncement('');
    await addPasskey();
    setAnnouncement('Passkey added. You can now sign in with it instead of your password.');
    await reload();
  });

  const onRemoved = (message: string) => {
    setAnnouncement(message);
    void reload();
  };

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
      <FormMessage kind="success">{announcement}</FormMessage>
      {list}
      <form className="account-form" onSubmit={onAdd}>
        <FormFooter error={addForm.error} busy={addForm.busy} label="Add a Passkey" />
      </form>
    </ProfileSection>
  );
}

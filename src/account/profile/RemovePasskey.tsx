import React, { useState } from 'react';
import { authErrorMessage } from '../../auth/errors';
import { removePasskey, type Passkey } from '../../auth/passkeys';
import { formatLongDate } from '../../lib/dates';
import { ConfirmStep } from '../shared/ConfirmStep';
import { useSubmitGuard } from '../shared/use-submit-guard';

interface RemovePasskeyProps {
  passkey: Passkey;
  /** Its place in the list: names repeat ("Passkey"), so buttons say which one by number too. */
  position: number;
  /** Once it is removed (the page signs the person out everywhere). */
  onRemoved: () => Promise<void>;
}

/** "Remove" of one passkey, after a confirmation that says what it changes. */
export function RemovePasskey({ passkey, position, onRemoved }: RemovePasskeyProps) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);

  const which = `${passkey.name} ${position}`;
  if (!confirming) {
    return (
      <button className="button button--small" type="button" onClick={() => setConfirming(true)}>
        Remove
        <span className="visually-hidden"> {which}</span>
      </button>
    );
  }
  const added = passkey.addedAt ? ` added ${formatLongDate(passkey.addedAt)}` : '';
  const confirm = () =>
    run(async () => {
      try {
        await removePasskey(passkey.id);
      } catch (err) {
        setError(authErrorMessage(err, 'passkeys'));
        return;
      }
      await onRemoved();
    });
  return (
    <ConfirmStep
      label={`Remove ${which}`}
      confirmText="Confirm Remove"
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={() => setConfirming(false)}
      focusConfirm
    >
      <p>
        Remove this passkey{added}? It no longer signs you in. Delete it from the device too, in its passkey
        or password settings.
      </p>
    </ConfirmStep>
  );
}

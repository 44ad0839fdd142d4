import React, { useState } from 'react';
import { signOutMachine } from '../../api-client/client';
import type { MachineView } from '../../api-client/types';
import { authErrorMessage } from '../../auth/errors';
import { formatLongDate } from '../../lib/dates';
import { forDisplay } from '../../lib/unsafe-text';
import { ConfirmStep } from '../shared/ConfirmStep';
import { useSubmitGuard } from '../shared/use-submit-guard';

interface SignOutMachineProps {
  licenseKey: string;
  machine: MachineView;
  /** Called once the machine is signed out, with what to announce. */
  onSignedOut: (message: string) => void;
}

/** "Sign out" of one machine, after a confirmation that says what happens to it. */
export function SignOutMachine({ licenseKey, machine, onSignedOut }: SignOutMachineProps) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);
  // The name as Devices shows it: no character that reorders it or the text around it.
  const name = forDisplay(machine.name);

  if (!confirming) {
    return (
      // The machine's name is part of the button's name, so each row's button says which machine (and
      // the visible text is all in the name, as a voice-control user says it).
      <button className="button button--small" type="button" onClick={() => setConfirming(true)}>
        Sign Out
        <span className="visually-hidden">
          {' '}
          <bdi>{name}</bdi>
        </span>
      </button>
    );
  }
  const offlineUntil = formatLongDate(machine.validUntil);
  const confirm = () =>
    run(async () => {
      try {
        await signOutMachine({ licenseKey, machineId: machine.id });
        onSignedOut(
          `${name} is signed out. Its place on the license is free. If it is offline, it keeps working until ${offlineUntil}.`,
        );
      } catch (err) {
        setError(authErrorMessage(err, 'billing'));
      }
    });
  return (
    <ConfirmStep
      label={`Sign out ${name}`}
      confirmText="Confirm Sign Out"
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={() => setConfirming(false)}
      focusConfirm
    >
      <p>
        Sign out <bdi>{name}</bdi>? Its place on this license is free at once. The app on it stops using the
        license the next time it checks, and asks to sign in again. If it is offline now, it keeps working
        until {offlineUntil}, when its offline pass runs out.
      </p>
    </ConfirmStep>
  );
}

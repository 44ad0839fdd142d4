import React, { useEffect, useRef, useState } from 'react';
import { signOutMachine } from '../../api-client/client';
import type { MachineView } from '../../api-client/types';
import { authErrorMessage } from '../../auth/errors';
import { formatLongDate } from '../../lib/dates';
import { ConfirmStep } from '../shared/ConfirmStep';
import { useSubmitGuard } from '../shared/use-submit-guard';

interface SignOutMachineProps {
  licenseKey: string;
  machine: MachineView;
  /** Called once the machine is signed out, with what to announce. */
  onSignedOut: (message: string) => void;
}

/** "Sign out this machine", after a confirmation that says what happens to it. */
export function SignOutMachine({ licenseKey, machine, onSignedOut }: SignOutMachineProps) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // Keyboard and screen-reader users land on the question's answer, not on the top of the page.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  if (!confirming) {
    return (
      // The machine's name joins the visible words, so the button's name begins with what it shows.
      <button className="button button--small" type="button" onClick={() => setConfirming(true)}>
        Sign out this machine<span className="visually-hidden"> ({machine.name})</span>
      </button>
    );
  }
  const offlineUntil = formatLongDate(machine.validUntil);
  const confirm = () =>
    run(async () => {
      try {
        await signOutMachine({ licenseKey, machineId: machine.id });
        onSignedOut(
          `${machine.name} is signed out. Its place on the license is free. If it is offline, it keeps working until ${offlineUntil}.`,
        );
      } catch (err) {
        setError(authErrorMessage(err, 'billing'));
      }
    });
  return (
    <ConfirmStep
      label={`Sign out ${machine.name}`}
      confirmText="Confirm sign out"
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={() => setConfirming(false)}
      confirmRef={confirmButton}
    >
      <p>
        Sign out {machine.name}? Its place on this license is free at once. The app on it stops using the
        license the next time it checks, and asks to sign in again. If it is offline now, it keeps working
        until {offlineUntil}, when its offline pass runs out.
      </p>
    </ConfirmStep>
  );
}

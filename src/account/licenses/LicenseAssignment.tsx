import React, { useEffect, useRef, useState } from 'react';
import { assignLicense, takeBackLicense } from '../../api-client/client';
import type { LicenseView } from '../../api-client/types';
import { authErrorMessage } from '../../auth/errors';
import { FormMessage } from '../shared/FormMessage';
import { useSubmitGuard } from '../shared/use-submit-guard';
import { AssignForm } from './AssignForm';

/** What assigning needs from the page: the subscription, and where a changed license goes. */
export interface AssignmentTarget {
  customerId: string;
  subscriptionId: string;
  /** The license as the BFF answered it, and the words that announce the change. */
  onChanged: (license: LicenseView, announcement: string) => void;
}

interface LicenseAssignmentProps extends AssignmentTarget {
  license: LicenseView;
}

/** A license row's Assign, or Change and Take back, with the inline form that assigns. */
export function LicenseAssignment({
  license,
  customerId,
  subscriptionId,
  onChanged,
}: LicenseAssignmentProps) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState('');
  // Short: once answered, the row's buttons take focus back, and they stay disabled until the guard ends.
  const { busy, run } = useSubmitGuard(100);
  const opener = useRef<HTMLButtonElement>(null);
  // Set when the form closes or the license is taken back, so focus lands on the row's button
  // instead of on the page when the control that had it goes away (once enabled: a disabled button
  // cannot take focus).
  const refocus = useRef(false);

  useEffect(() => {
    if (!refocus.current || editing || busy) return;
    refocus.current = false;
    opener.current?.focus();
  });

  const close = () => {
    refocus.current = true;
    setError('');
    setEditing(false);
  };

  const assign = (email: string) =>
    void run(async () => {
      setError('');
      try {
        const answer = await assignLicense({ customerId, subscriptionId, licenseKey: license.key, email });
        onChanged(
          answer.license,
          `Assigned to ${answer.license.assignee ?? email}. We emailed them the key and how to start.`,
        );
        close();
      } catch (err) {
        setError(authErrorMessage(err, 'billing'));
      }
    });

  const takeBack = () =>
    void run(async () => {
      setError('');
      try {
        const answer = await takeBackLicense({ customerId, subscriptionId, licenseKey: license.key });
        refocus.current = true;
        onChanged(answer.license, 'Taken back. The license is yours again.');
      } catch (err) {
        setError(authErrorMessage(err, 'billing'));
      }
    });

  if (editing) {
    return (
      <AssignForm
        licenseKey={license.key}
        initialEmail={license.assignee ?? ''}
        busy={busy}
        error={error}
        onSubmit={assign}
        onCancel={close}
      />
    );
  }
  return (
    <div className="button-row">
      <button
        ref={opener}
        className="button button--small"
        type="button"
        disabled={busy}
        onClick={() => {
          setError('');
          setEditing(true);
        }}
      >
        {license.assignee ? 'Change' : 'Assign'}
      </button>
      {license.assignee && (
        <button className="button button--small" type="button" disabled={busy} onClick={takeBack}>
          Take Back
        </button>
      )}
      <FormMessage kind="error">{error}</FormMessage>
    </div>
  );
}

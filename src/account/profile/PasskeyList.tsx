import React from 'react';
import type { Passkey } from '../../auth/passkeys';
import { formatLongDate } from '../../lib/dates';
import { RemovePasskey } from './RemovePasskey';

/** The user's passkeys: the name Cognito gives each, when it was added, and its Remove. */
export function PasskeyList({
  passkeys,
  onRemoved,
}: {
  passkeys: Passkey[];
  onRemoved: () => Promise<void>;
}) {
  return (
    <table className="stack-table passkey-table">
      <caption>Your passkeys</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Added</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {passkeys.map((passkey, index) => (
          <tr key={passkey.id}>
            <th scope="row">{passkey.name}</th>
            <td data-label="Added">
              {passkey.addedAt ? (
                <time dateTime={passkey.addedAt.toISOString()}>{formatLongDate(passkey.addedAt)}</time>
              ) : (
                'Unknown'
              )}
            </td>
            <td>
              <RemovePasskey passkey={passkey} position={index + 1} onRemoved={onRemoved} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

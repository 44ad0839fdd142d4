import React, { useState } from 'react';
import type { LicenseMachines } from '../../api-client/types';
import { formatLongDate } from '../../lib/dates';
import { devicesRule, machineCount, type MachineLimit } from '../../lib/license-terms';
import { forDisplay } from '../../lib/unsafe-text';
import { FormMessage } from '../shared/FormMessage';
import { SignOutMachine } from './SignOutMachine';

const PLATFORMS = { windows: 'Windows', macos: 'macOS' } as const;

interface DevicesProps {
  licenses: LicenseMachines[] | null;
  /** The deployment's machine limit; null: none. */
  limit: MachineLimit;
  loading: boolean;
  error: string;
  reload: () => Promise<void>;
}

/**
 * The computers that use the user's licenses (those they pay for, and their own on licenses assigned
 * to them), each with "Sign out".
 */
export function Devices({ licenses, limit, loading, error, reload }: DevicesProps) {
  const [announcement, setAnnouncement] = useState('');
  const used = (licenses ?? []).filter((l) => l.machines.length > 0);
  const onSignedOut = (message: string) => {
    setAnnouncement(message);
    void reload();
  };
  return (
    <section className="account-section" id="devices" aria-labelledby="devices-heading" aria-busy={loading}>
      <h2 id="devices-heading">Devices</h2>
      <p>
        {devicesRule(limit)} A computer that has not opened Stockbench for 30 days leaves this list by itself.
      </p>
      <FormMessage kind="success">{announcement}</FormMessage>
      {error && (
        <div>
          <FormMessage kind="error">Could not load your devices. {error}</FormMessage>
          <button className="button button--small" type="button" onClick={() => void reload()}>
            Try Again
          </button>
        </div>
      )}
      {loading && !licenses && <p role="status">Loading your devices…</p>}
      {licenses && used.length === 0 && (
        <p>
          No computer uses your licenses yet. A computer appears here once Stockbench checks its license on
          it.
        </p>
      )}
      {used.map((license) => (
        <table className="license-table stack-table" key={license.key}>
          <caption>
            {license.role === 'holder' ? 'Your computers on license' : 'License'} {license.key}:{' '}
            {machineCount(license.machines.length, limit)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Platform</th>
              <th scope="col">App version</th>
              <th scope="col">Last seen</th>
              <th scope="col">Works offline until</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {license.machines.map((machine) => (
              <tr key={machine.id}>
                <th scope="row">
                  {/* Isolated, and without the characters that reorder text: a name shows as it was typed. */}
                  <bdi>{forDisplay(machine.name)}</bdi>
                </th>
                <td data-label="Platform">{PLATFORMS[machine.platform]}</td>
                <td data-label="App version">{machine.appVersion}</td>
                <td data-label="Last seen">
                  <time dateTime={machine.lastSeen}>{formatLongDate(machine.lastSeen)}</time>
                </td>
                <td data-label="Works offline until">
                  <time dateTime={machine.validUntil}>{formatLongDate(machine.validUntil)}</time>
                </td>
                <td>
                  <SignOutMachine licenseKey={license.key} machine={machine} onSignedOut={onSignedOut} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}

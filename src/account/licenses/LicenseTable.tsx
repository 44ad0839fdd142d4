import React from 'react';
import type { LicenseView } from '../../api-client/types';
import { formatPaddedDate } from '../../lib/dates';
import { CopyButton } from './CopyButton';
import { RemoveLicense } from './RemoveLicense';

const RENEWING = 'NONE';

const expirationLabel = (expirationDate: string): string =>
  expirationDate === RENEWING ? 'None - renews monthly' : formatPaddedDate(expirationDate);

interface LicenseTableProps {
  licenses: LicenseView[];
  /** Absent when licenses cannot be removed (no live subscription). */
  onRemove?: (key: string) => Promise<string | null>;
}

export function LicenseTable({ licenses, onRemove }: LicenseTableProps) {
  if (licenses.length === 0) return <p>You have no licenses yet.</p>;
  return (
    <table className="license-table">
      <thead>
        <tr>
          <th scope="col">License Key</th>
          <th scope="col">Expiration</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {licenses.map((license) => (
          <tr key={license.key}>
            <td>
              <code className="license-key">{license.key}</code>{' '}
              <CopyButton text={license.key} label={`Copy license key ${license.key}`} />
            </td>
            <td>{expirationLabel(license.expirationDate)}</td>
            <td>
              {onRemove && license.expirationDate === RENEWING && (
                <RemoveLicense licenseKey={license.key} onRemove={onRemove} />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

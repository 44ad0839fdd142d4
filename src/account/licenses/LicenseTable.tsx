import React from 'react';
import type { LicenseView } from '../../api-client/types';
import { LicenseKeyCell } from './LicenseKeyCell';
import { expirationLabel, RENEWING } from './expiration-label';
import { LicenseAssignment, type AssignmentTarget } from './LicenseAssignment';
import { RemoveLicense } from './RemoveLicense';

interface LicenseTableProps {
  licenses: LicenseView[];
  /** Absent when licenses cannot be removed (no live subscription). */
  onRemove?: (key: string) => Promise<string | null>;
  /** Absent when licenses cannot be assigned (no live subscription). */
  assignment?: AssignmentTarget;
  /** What an empty table says. */
  emptyText?: string;
  /** Machines using each license (by key), once loaded. */
  machineCounts?: Map<string, number>;
}

export function LicenseTable({
  licenses,
  onRemove,
  assignment,
  emptyText = 'You have no licenses yet.',
  machineCounts,
}: LicenseTableProps) {
  if (licenses.length === 0) return <p>{emptyText}</p>;
  return (
    <table className="license-table stack-table">
      <thead>
        <tr>
          <th scope="col">License Key</th>
          <th scope="col">Expiration</th>
          <th scope="col">Holder</th>
          {machineCounts && <th scope="col">Devices</th>}
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {licenses.map((license) => (
          <tr key={license.key}>
            <LicenseKeyCell licenseKey={license.key} />
            <td data-label="Expiration">{expirationLabel(license.expirationDate)}</td>
            <td className="license-holder" data-label="Holder">
              {license.assignee ?? 'You'}
            </td>
            {machineCounts && <td data-label="Devices">{machineCounts.get(license.key) ?? 0} of 3</td>}
            <td>
              <div className="license-actions">
                {assignment && <LicenseAssignment license={license} {...assignment} />}
                {onRemove && license.expirationDate === RENEWING && (
                  <RemoveLicense licenseKey={license.key} onRemove={onRemove} />
                )}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

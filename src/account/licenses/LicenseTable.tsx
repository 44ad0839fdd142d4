import React from 'react';
import type { LicenseView } from '../../api-client/types';
import { machineCount, type MachineLimit } from '../../lib/license-terms';
import { LicenseKeyCell } from './LicenseKeyCell';
import { expirationLabel, RENEWING } from './expiration-label';
import { LicenseAssignment, type AssignmentTarget } from './LicenseAssignment';
import { RemoveLicense } from './RemoveLicense';
import { RenewLicense } from './RenewLicense';

interface LicenseTableProps {
  licenses: LicenseView[];
  /** Absent when licenses cannot be removed (no live subscription). */
  onRemove?: (key: string) => Promise<string | null>;
  /** Absent when removed licenses cannot renew again (no subscription in force). */
  onRenew?: (key: string) => Promise<string | null>;
  /** Absent when licenses cannot be assigned (no live subscription). */
  assignment?: AssignmentTarget;
  /** What an empty table says. */
  emptyText?: string;
  /** Machines using each license (by key), once loaded, and the deployment's limit (null: none). */
  machineCounts?: Map<string, number>;
  machineLimit?: MachineLimit;
}

export function LicenseTable({
  licenses,
  onRemove,
  onRenew,
  assignment,
  emptyText = 'You have no licenses yet.',
  machineCounts,
  machineLimit = null,
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
            {machineCounts && (
              <td data-label="Devices">{machineCount(machineCounts.get(license.key) ?? 0, machineLimit)}</td>
            )}
            <td>
              <div className="license-actions">
                {assignment && <LicenseAssignment license={license} {...assignment} />}
                {onRemove && license.expirationDate === RENEWING && (
                  <RemoveLicense licenseKey={license.key} onRemove={onRemove} />
                )}
                {onRenew && license.expirationDate !== RENEWING && (
                  <RenewLicense licenseKey={license.key} onRenew={onRenew} />
                )}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import React from 'react';
import { Link } from 'gatsby';
import type { HeldLicense } from '../../api-client/types';
import { machineCount, type MachineLimit } from '../../lib/license-terms';
import { LicenseKeyCell } from './LicenseKeyCell';
import { expirationLabel } from './expiration-label';

/** Licenses other accounts pay for and assigned to the user: to read and copy, nothing to change. */
export function HeldLicenses({
  licenses,
  machineCounts,
  machineLimit = null,
}: {
  licenses: HeldLicense[];
  /** The user's own machines on each license (by key), once loaded, and the limit (null: none). */
  machineCounts?: Map<string, number>;
  machineLimit?: MachineLimit;
}) {
  return (
    <section className="account-section" aria-labelledby="assigned-to-you">
      <h2 id="assigned-to-you">Licenses assigned to you</h2>
      <p>
        To use one, enter its key with your email address and password in the application&apos;s license modal
        (<Link to="/quickstart">Quickstart</Link>, step 4; <Link to="/download">Download</Link>).
      </p>
      <table className="license-table stack-table">
        <thead>
          <tr>
            <th scope="col">License Key</th>
            <th scope="col">Expiration</th>
            <th scope="col">Billing</th>
            {machineCounts && <th scope="col">Your devices</th>}
          </tr>
        </thead>
        <tbody>
          {licenses.map((license) => (
            <tr key={license.key}>
              <LicenseKeyCell licenseKey={license.key} />
              <td data-label="Expiration">{expirationLabel(license.expirationDate)}</td>
              <td data-label="Billing">
                {/* One element: the value column of the cell's grid on a phone (tables.css). */}
                <div>
                  {license.paidBy ? `Paid by ${license.paidBy}` : 'Paid by another account'}
                  {!license.paidFor && (
                    <p className="license-note">
                      Not working now: the payment for it is overdue. It works again once the payer pays.
                    </p>
                  )}
                </div>
              </td>
              {machineCounts && (
                <td data-label="Your devices">
                  {machineCount(machineCounts.get(license.key) ?? 0, machineLimit)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

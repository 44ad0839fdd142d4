import React from 'react';
import { CopyButton } from './CopyButton';
import './licenses.css';

/** A license table's key cell: the key in a chip that never breaks inside the key, and its Copy button. */
export function LicenseKeyCell({ licenseKey }: { licenseKey: string }) {
  return (
    <td className="stack-table__wide" data-label="License key">
      <span className="key-chip">
        <code className="license-key">{licenseKey}</code>
        <CopyButton text={licenseKey} label={`Copy license key ${licenseKey}`} />
      </span>
    </td>
  );
}

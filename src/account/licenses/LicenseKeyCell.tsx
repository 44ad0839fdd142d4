import React from 'react';
import { CopyButton } from './CopyButton';

/** A license table's key cell: the key, and a button that copies it. */
export function LicenseKeyCell({ licenseKey }: { licenseKey: string }) {
  return (
    <td>
      <code className="license-key">{licenseKey}</code>{' '}
      <CopyButton text={licenseKey} label={`Copy license key ${licenseKey}`} />
    </td>
  );
}

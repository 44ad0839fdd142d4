import React from 'react';
import { siteConfig } from '../../config';
import { formatUsd, licenseComputers } from '../../lib/license-terms';

/** Free and licensed, line by line: what a buyer compares before paying. */
export function Comparison({ toolCount }: { toolCount: number }) {
  const rows: [string, string, string][] = [
    [
      'Price',
      `${formatUsd(0)}, with no expiry`,
      `${formatUsd(siteConfig.licensePriceUsd)} per license per month`,
    ],
    ['Research tools', `#1 to #${siteConfig.freeToolCount}`, `All ${toolCount}`],
    ['Account', 'Not needed', 'One per person, with optional two-factor sign-in'],
    ['Payment', 'None', 'A major credit card, through Stripe; cancel at any time'],
    [
      'Devices',
      'Any computer, Windows or macOS',
      `Used by one person on ${licenseComputers(siteConfig.machineLimit)}`,
    ],
    ['Updates', 'Every new release', 'Every new release'],
    ['Support', 'By email', 'By email'],
    [
      'Teams',
      'Each person installs their own copy',
      'One license per employee, assigned by email on the Licenses page',
    ],
  ];
  return (
    <table className="compare stack-table prose-cells">
      <caption className="visually-hidden">The free and the licensed version compared</caption>
      <thead>
        <tr>
          <td />
          <th scope="col">Free</th>
          <th scope="col">Licensed</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, free, licensed]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td data-label="Free">{free}</td>
            <td data-label="Licensed">{licensed}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

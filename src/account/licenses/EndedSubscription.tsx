import React from 'react';
import type { LicenseView } from '../../api-client/types';
import { formatPaddedDate } from '../../lib/dates';
import { RENEWING } from './expiration-label';

/**
 * After the subscription ended: when it ended, the licenses that ended with it (their keys stop working
 * in the application, which returns to the free tools), and how to start again. The newest end date is
 * the subscription's: the BFF dates every renewing license to the moment Stripe ended it.
 */
export function EndedSubscription({ ended }: { ended: LicenseView[] }) {
  const dates = ended.map((l) => l.expirationDate).filter((d) => d !== RENEWING);
  const last = dates.sort().at(-1);
  return (
    <section className="account-section message message--notice" aria-labelledby="ended-subscription">
      <h2 id="ended-subscription">Your subscription has ended</h2>
      <p>
        {last ? `It ended on ${formatPaddedDate(last)}.` : 'It has ended.'} Nothing more is charged. The
        licenses below ended with it: Stockbench returns to the free tools on the computers that used them.
      </p>
      {ended.length > 0 && (
        <table className="license-table">
          <caption>Licenses that ended</caption>
          <thead>
            <tr>
              <th scope="col">License Key</th>
              <th scope="col">Ended</th>
              <th scope="col">Holder</th>
            </tr>
          </thead>
          <tbody>
            {ended.map((license) => (
              <tr key={license.key}>
                <td>
                  <code>{license.key}</code>
                </td>
                <td>{license.expirationDate === RENEWING ? '' : formatPaddedDate(license.expirationDate)}</td>
                <td>{license.assignee ?? 'You'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        To use every tool again, <a href="#buy-licenses">buy licenses</a> below. A new subscription comes with
        new keys: enter the new key in the application&apos;s license modal.
      </p>
    </section>
  );
}

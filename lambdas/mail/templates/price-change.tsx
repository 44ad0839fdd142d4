import React from 'react';
import { day, licenses, money } from '../format';
import { Action, Fact, Facts, P } from '../layout';
import { mailTemplate } from '../template';

/** Notice of a new price, at least 30 days before the renewal it applies from (the terms' promise). */
export const priceChangeNotice = mailTemplate<{
  /** Cents per license per month, now and from the change. */
  oldAmount: number;
  newAmount: number;
  currency: string;
  /** The renewal from which the new price is charged (epoch seconds). */
  appliesAt: number;
  /** Licenses renewing now. */
  licenses: number;
}>({
  subject: (d) =>
    `Stockbench licenses cost ${money(d.newAmount, d.currency)} a month from ${day(d.appliesAt)}`,
  title: () => 'A new price for Stockbench licenses',
  body: (d, site) => (
    <>
      <P>
        From your renewal on {day(d.appliesAt)}, each Stockbench license costs{' '}
        {money(d.newAmount, d.currency)} a month instead of {money(d.oldAmount, d.currency)}. Nothing changes
        before then.
      </P>
      <Facts>
        <Fact label="New price">{money(d.newAmount, d.currency)} per license per month</Fact>
        <Fact label="From">your renewal on {day(d.appliesAt)}</Fact>
        {d.licenses > 0 && (
          <Fact label="Your renewal then">
            {licenses(d.licenses)}, {money(d.newAmount * d.licenses, d.currency)}
          </Fact>
        )}
      </Facts>
      <P>
        If you do not want to continue at the new price, cancel before {day(d.appliesAt)} on the Licenses
        page: your licenses keep working until the end of the period you paid for, and nothing more is
        charged.
      </P>
      <Action href={`${site.siteUrl}/licenses`}>Open the Licenses page</Action>
    </>
  ),
});

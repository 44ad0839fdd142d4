import React from 'react';
import { Link } from '@react-email/components';
import { NO_END_DATE } from '../../lib/repository/licenses';
import { day } from '../format';
import { Action, P } from '../layout';
import { mailTemplate } from '../template';

/** To the person a buyer gave a license to: the key and how to start. */
export const licenseAssigned = mailTemplate<{
  to: string;
  buyerEmail: string;
  key: string;
  /** ISO 8601 end of the license, or NONE while it renews. */
  expirationDate: string;
}>({
  subject: () => 'A Stockbench license for you',
  body: (d, site) => {
    const signUp = `${site.siteUrl}/sign-up?email=${encodeURIComponent(d.to)}`;
    const term =
      d.expirationDate === NO_END_DATE
        ? `It renews every month while ${d.buyerEmail} pays for it.`
        : `It ends on ${day(d.expirationDate)}.`;
    return (
      <>
        <P>
          {d.buyerEmail} gave you a Stockbench license. It opens every research tool of the Stockbench desktop
          application. {term}
        </P>
        <P>
          Your license key: <b>{d.key}</b>
        </P>
        <P>To start:</P>
        <P>
          1. Create a Stockbench account with this address ({d.to}). If you have one already, sign in at{' '}
          <Link href={`${site.siteUrl}/sign-in`}>{`${site.siteUrl}/sign-in`}</Link> instead.
        </P>
        <Action href={signUp}>Create your account</Action>
        <P>2. Verify the address with the link we email you.</P>
        <P>3. In the desktop application, open License, sign in with this address and enter the key.</P>
        <P>The key works only for the account with this address.</P>
      </>
    );
  },
});

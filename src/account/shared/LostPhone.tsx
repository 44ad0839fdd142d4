import React from 'react';
import { siteConfig } from '../../config';

/** What to do when the authenticator app is gone (shown beside every two-factor step). */
export function LostPhone() {
  const support = siteConfig.supportEmail;
  return (
    <p>
      <strong>Lost your phone?</strong> If you saved the setup key (the text shown under the QR code when you
      turned two-factor sign-in on), add it to an authenticator app on your new phone. Otherwise, email{' '}
      <a href={`mailto:${support}`}>{support}</a> from your account&apos;s email address. We reply to that
      address to confirm it is you and ask for details of your account, such as the date, amount and card of
      your last payment. Then we turn two-factor sign-in off, you sign in with your password and can set it up
      again. Resetting your password does not turn it off.
    </p>
  );
}

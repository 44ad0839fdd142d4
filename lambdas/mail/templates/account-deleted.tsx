import React from 'react';
import { P } from '../layout';
import { when } from '../security';
import { mailTemplate } from '../template';

/** What the deletion did, as lambdas/lib/account-closure.ts found and did it. */
export interface AccountDeletedData {
  at: string;
  /** Through the site's Delete Account, or straight at the sign-in service (Cognito). */
  via: 'site' | 'cognito';
  /** A subscription in force was cancelled by the deletion. */
  subscriptionCanceled: boolean;
  /** Licenses in force that stopped working. */
  licensesEnded: number;
  /** Of those, licenses given to other people (each was told). */
  licensesGivenEnded: number;
}

const licenses = (n: number) => (n === 1 ? '1 license' : `${n} licenses`);

/** The account was deleted: no session link (nothing is left to sign in to). */
export const accountDeleted = mailTemplate<AccountDeletedData>({
  subject: () => 'Your Stockbench account was deleted',
  title: () => 'Your account was deleted',
  body: (d) => (
    <>
      <P>
        Your Stockbench account was deleted on {when(d.at)}
        {d.via === 'site'
          ? ' from the Profile page.'
          : ', by a request made straight to our sign-in service rather than from the Profile page.'}
      </P>
      <P>
        {d.subscriptionCanceled
          ? 'Its subscription was cancelled at once: it will not renew and you will not be charged again. The days already paid for are not refunded.'
          : 'It had no subscription in force, so nothing more will be charged.'}
        {d.licensesEnded > 0 &&
          ` Its ${licenses(d.licensesEnded)} stopped working${
            d.licensesGivenEnded > 0
              ? `, including the ${licenses(d.licensesGivenEnded)} you had given to other people; we told each of them.`
              : '.'
          }`}
      </P>
      <P>
        We removed your account and license records and your customer record at Stripe. What we still keep,
        and for how long, is in the Retention section of our privacy policy. You can create a new account with
        this address at any time.
      </P>
      <P>If you did not do this, write to us from this address.</P>
    </>
  ),
});

import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { tellHoldersOfContinuingLicenses } from '../lib/holder-notices';
import { log } from '../lib/log';
import { nextChargeOf } from '../lib/next-charge';
import type { LicenseSlot } from '../lib/repository/licenses';
import type { SubscriptionSnapshot } from '../lib/subscription-snapshot';
import { renewalKept } from '../mail/templates/renewal-kept';
import { sendMoneyMail } from './money-mail';

// After Keep Renewing (resume-subscription, renew-licenses): the people given licenses that now
// continue are told so (each once, holder-notices.ts), and the buyer gets a confirmation with what
// the next renewal charges and when, once per request (`mailId`). The change is made by then: a mail
// that fails is logged, not answered as a failure; the holders' notices are tried again by the next
// sync (the webhook of this very change).

export async function tellAboutRenewalKept(
  uid: string,
  change: { mailId: string; kept: number; snapshot: SubscriptionSnapshot; slots: readonly LicenseSlot[] },
  event: Pick<APIGatewayProxyEventV2, 'requestContext'>,
): Promise<void> {
  const results = await Promise.allSettled([
    tellHoldersOfContinuingLicenses(uid, change.slots),
    change.kept > 0
      ? sendMoneyMail(uid, change.mailId, renewalKept, {
          kept: change.kept,
          renewing: change.snapshot.renewing,
          nextCharge: nextChargeOf(change.snapshot),
        })
      : Promise.resolve(false),
  ]);
  for (const r of results) {
    if (r.status === 'rejected') {
      log('error', 'keep-renewing mail not sent', event, { uid, error: String(r.reason) });
    }
  }
}

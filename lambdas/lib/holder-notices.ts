import { sendTemplate } from '../mail/send';
import { licenseEnding } from '../mail/templates/license-ending';
import { getAccount } from './repository/accounts';
import { claimEndNotice, releaseEndNotice } from './repository/license-holders';
import { NO_END_DATE, type LicenseSlot } from './repository/licenses';
import { allDone } from './settle';

// Telling the people a buyer gave licenses to that a license of theirs ends. Each holder is told once
// per end: the telling is claimed on the slot (endNoticeTo) before the mail goes, and given back if the
// mail fails, so the next sync (a webhook Stripe delivers again) tells them instead.

/**
 * Tells the assignee of each slot that ends (has an end date, or all of them when `endingNow`, for an
 * account closed before its licenses were dated) and was not told yet. Throws after trying them all if
 * a mail could not be sent.
 */
export async function tellHoldersOfEndingLicenses(
  uid: string,
  slots: readonly LicenseSlot[],
  endingNow?: string,
): Promise<number> {
  const due = slots.filter(
    (s) =>
      s.assigneeEmail &&
      s.endNoticeTo !== s.assigneeEmail &&
      (endingNow !== undefined || s.expirationDate !== NO_END_DATE),
  );
  if (!due.length) return 0;
  const buyerEmail = (await getAccount(uid))?.email;
  const sent = await allDone(
    due.map(async (slot) => {
      const to = slot.assigneeEmail ?? '';
      if (!(await claimEndNotice(uid, slot.sk, to))) return false;
      const endsAt = slot.expirationDate === NO_END_DATE ? (endingNow ?? '') : slot.expirationDate;
      try {
        const ended = Date.parse(endsAt) <= Date.now();
        await sendTemplate(licenseEnding, to, { buyerEmail, key: slot.licenseKey, endsAt, ended });
        return true;
      } catch (err) {
        await releaseEndNotice(uid, slot.sk, to);
        throw err;
      }
    }),
  );
  return sent.filter(Boolean).length;
}

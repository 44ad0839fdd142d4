import { sendTemplate } from '../mail/send';
import { licenseContinues } from '../mail/templates/license-continues';
import { licenseEnding } from '../mail/templates/license-ending';
import { getAccount } from './repository/accounts';
import {
  claimContinueNotice,
  claimEndNotice,
  releaseContinueNotice,
  releaseEndNotice,
} from './repository/license-holders';
import { NO_END_DATE, type LicenseSlot } from './repository/licenses';
import { allDone } from './settle';

// Telling the people a buyer gave licenses to that a license of theirs ends. Each holder is told once
// per end: the telling is claimed on the slot (endNoticeTo) before the mail goes, and given back if the
// mail fails, so the next sync (a webhook Stripe delivers again) tells them instead. A holder told
// that theirs ends is told that it continues when it renews again (Keep Renewing, for one license or
// the whole subscription), once: that telling clears the end's claim.

/**
 * Tells the assignee of each slot that ends (has an end date, or all of them when `endingNow`, for an
 * account closed before its licenses were dated) and was not told yet; with `endingNow`, each license
 * ends then, and a holder told of a later date is told it ended now. Throws after trying them all if
 * a mail could not be sent.
 */
export async function tellHoldersOfEndingLicenses(
  uid: string,
  slots: readonly LicenseSlot[],
  endingNow?: string,
): Promise<number> {
  // When each license ends: its date, or `endingNow` when the account closes before that date.
  const endOf = (s: LicenseSlot) =>
    endingNow !== undefined &&
    (s.expirationDate === NO_END_DATE || Date.parse(s.expirationDate) > Date.parse(endingNow))
      ? endingNow
      : s.expirationDate;
  // A holder told of a later date than it now ends on is told again (its own claim, 'closure').
  const toldLater = (s: LicenseSlot) =>
    s.endNoticeTo === s.assigneeEmail && s.expirationDate !== NO_END_DATE && endOf(s) !== s.expirationDate;
  const due = slots.filter(
    (s) => s.assigneeEmail && endOf(s) !== NO_END_DATE && (s.endNoticeTo !== s.assigneeEmail || toldLater(s)),
  );
  if (!due.length) return 0;
  const buyerEmail = (await getAccount(uid))?.email;
  const sent = await allDone(
    due.map(async (slot) => {
      const to = slot.assigneeEmail ?? '';
      const notice = toldLater(slot) ? 'closure' : 'end';
      if (!(await claimEndNotice(uid, slot.sk, to, notice))) return false;
      const endsAt = endOf(slot);
      try {
        const ended = Date.parse(endsAt) <= Date.now();
        await sendTemplate(licenseEnding, to, { buyerEmail, key: slot.licenseKey, endsAt, ended });
        return true;
      } catch (err) {
        await releaseEndNotice(uid, slot.sk, to, notice);
        throw err;
      }
    }),
  );
  return sent.filter(Boolean).length;
}

/**
 * Tells the assignee of each slot that renews again, and was told it would end, that it continues.
 * Throws after trying them all if a mail could not be sent (the claim is given back, and the next
 * sync or request tells them).
 */
export async function tellHoldersOfContinuingLicenses(
  uid: string,
  slots: readonly LicenseSlot[],
): Promise<number> {
  const due = slots.filter(
    (s) => s.assigneeEmail && s.endNoticeTo === s.assigneeEmail && s.expirationDate === NO_END_DATE,
  );
  if (!due.length) return 0;
  const buyerEmail = (await getAccount(uid))?.email;
  const sent = await allDone(
    due.map(async (slot) => {
      const to = slot.assigneeEmail ?? '';
      if (!(await claimContinueNotice(uid, slot.sk, to))) return false;
      try {
        await sendTemplate(licenseContinues, to, { buyerEmail, key: slot.licenseKey });
        return true;
      } catch (err) {
        await releaseContinueNotice(uid, slot.sk, to);
        throw err;
      }
    }),
  );
  return sent.filter(Boolean).length;
}

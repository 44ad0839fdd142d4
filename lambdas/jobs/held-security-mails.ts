import { userSecurityFacts } from '../lib/cognito';
import { logLine } from '../lib/log';
import {
  dropHeldListing,
  dueFactorMails,
  giveBackFactorMail,
  takeHeldFactorMail,
  type HeldFactorMail,
} from '../lib/repository/factor-mails';
import { FACTOR_MAIL_WINDOW_MS, heldMailKind, sendSecurityMail } from '../lib/security-mails';

// The scheduled job (lambdas/schedules.ts; every 5 minutes) that sends the mails about a second factor
// or passkeys held back while a window was open (lib/security-mails.ts): one per account and topic. For
// the second factor it says the state the factor is in now (read from Cognito), and that another
// authenticator app replaced the owner's when one did since the last mail and the factor is still on;
// for passkeys, that one was added when one was since the last mail, else that one was removed. Its
// clock is the scheduled event's time.

export interface HeldMailsReport {
  due: number;
  sent: number;
  /** Nothing left to send (sent at once since, or the user is gone). */
  settled: number;
  failed: number;
}

async function sendHeld(held: HeldFactorMail, nowMs: number): Promise<'sent' | 'settled'> {
  const user = await userSecurityFacts(held.uid);
  if (!user?.address) return 'settled';
  const taken = await takeHeldFactorMail(held.uid, held.topic, nowMs, FACTOR_MAIL_WINDOW_MS);
  if (!taken) return 'settled';
  const kind = heldMailKind(held.topic, user.twoFactor, taken.replaced);
  try {
    await sendSecurityMail(
      kind,
      { uid: held.uid, username: user.username, address: user.address },
      { at: taken.changedAt, collapsed: true },
    );
  } catch (err) {
    await giveBackFactorMail(held.uid, held.topic, taken);
    throw err;
  }
  return 'sent';
}

export async function handler(event: { time?: string } = {}): Promise<HeldMailsReport> {
  const nowMs = Date.parse(event.time ?? '') || Date.now();
  const due = await dueFactorMails(nowMs);
  const report: HeldMailsReport = { due: due.length, sent: 0, settled: 0, failed: 0 };
  for (const held of due) {
    try {
      report[await sendHeld(held, nowMs)]++;
      await dropHeldListing(held);
    } catch (err) {
      // Kept listed: the next run tries again. The others still go out.
      report.failed++;
      logLine('error', 'held security mail not sent', { uid: held.uid, error: String(err) });
    }
  }
  if (report.failed) throw new Error(`${report.failed} held security mails not sent`);
  return report;
}

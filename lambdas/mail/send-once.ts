import { claimMail, markMailSent, releaseMail } from '../lib/repository/sent-mails';
import { sendTemplate } from './send';
import type { MailTemplate } from './template';

/**
 * Sends a mail about one event at most once per `mailId` (unique within the account `uid`), however
 * often the event is handled: claimed before sending, marked after, given back if sending fails (then
 * this throws, and the event's next delivery sends it). Answers whether this call sent it.
 */
export async function sendOnce<Data>(
  uid: string,
  mailId: string,
  template: MailTemplate<Data>,
  to: string,
  data: Data,
): Promise<boolean> {
  const kind = mailId.split(':')[0] ?? mailId;
  if (!(await claimMail(uid, mailId, kind))) return false;
  try {
    await sendTemplate(template, to, data);
  } catch (err) {
    await releaseMail(uid, mailId);
    throw err;
  }
  await markMailSent(uid, mailId);
  return true;
}

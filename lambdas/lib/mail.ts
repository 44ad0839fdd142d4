import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { awsClientDefaults } from './aws-clients';
import { MailNotSentError } from './errors';

// Every email the BFF sends goes through sendMail, with SES v2 (locally, the stack's SES twin, which
// keeps each message in the outbox a person can open in the browser). Mails are written as templates
// (lambdas/mail/: one file each, sent with sendTemplate), which render both parts and call this.

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const mailFrom = (): string => process.env.MAIL_FROM || 'Stockbench <no-reply@stockbench.app>';

let client: SESv2Client | undefined;

/**
 * SES's answers that no retry of the request changes, all from the account's state: its sandbox
 * (MessageRejected for an unverified recipient, AccessDenied from IAM on the recipient's identity), a
 * sender identity not verified, sending paused or the account suspended.
 */
const ACCOUNT_REFUSALS = new Set([
  'MessageRejected',
  'AccessDeniedException',
  'MailFromDomainNotVerifiedException',
  'SendingPausedException',
  'AccountSuspendedException',
]);

/** Sends one mail; throws MailNotSentError when SES refuses it for a reason of the account. */
export async function sendMail(mail: Mail): Promise<void> {
  client ??= new SESv2Client(awsClientDefaults());
  try {
    await send(client, mail);
  } catch (err) {
    if (err instanceof Error && ACCOUNT_REFUSALS.has(err.name)) {
      throw new MailNotSentError(mail.to, `${err.name}: ${err.message}`);
    }
    throw err;
  }
}

async function send(ses: SESv2Client, mail: Mail): Promise<void> {
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: mailFrom(),
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: mail.text, Charset: 'UTF-8' },
            Html: { Data: mail.html, Charset: 'UTF-8' },
          },
        },
      },
    }),
  );
}

/**
 * Text made safe to place in a mail's HTML, for a mail written by hand as `{subject, text, html}`
 * rather than as a template (which escapes by itself).
 * @public
 */
export const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

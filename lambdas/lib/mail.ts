import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { awsClientDefaults } from './aws-clients';

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

export async function sendMail(mail: Mail): Promise<void> {
  client ??= new SESv2Client(awsClientDefaults());
  await client.send(
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

import { escapeHtml as escape } from '../mail';
import { when, type MailContent, type SecurityMailData } from './types';

/** The password was reset with a code mailed to this address; every session ended with it. */
export function passwordResetMail(data: SecurityMailData): MailContent {
  const at = when(data.at);
  return {
    subject: 'Your Stockbench password was reset',
    text:
      `The password of your Stockbench account was reset on ${at}, with a code we mailed to this ` +
      'address. Every session of the account ended, on every device.\n\n' +
      'If you did not do this, someone can read this mailbox: secure it first, then reset your password ' +
      'again from the sign-in page. This link ends every session again at once:\n' +
      `${data.endSessionsLink}\n\nQuestions: ${data.supportEmail}`,
    html:
      `<p>The password of your Stockbench account was reset on ${escape(at)}, with a code we mailed to this ` +
      'address. Every session of the account ended, on every device.</p>' +
      '<p>If you did not do this, someone can read this mailbox: secure it first, then reset your password ' +
      'again from the sign-in page. ' +
      `<a href="${escape(data.endSessionsLink)}">End every session again</a>.</p>` +
      `<p>Questions: ${escape(data.supportEmail)}</p>`,
  };
}

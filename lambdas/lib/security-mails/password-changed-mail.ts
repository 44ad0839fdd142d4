import { escapeHtml as escape } from '../mail';
import { when, type MailContent, type SecurityMailData } from './types';

/** The password was changed by someone signed in to the account (the profile page's form). */
export function passwordChangedMail(data: SecurityMailData): MailContent {
  const at = when(data.at);
  return {
    subject: 'Your Stockbench password was changed',
    text:
      `The password of your Stockbench account was changed on ${at}.\n\n` +
      'If you did not do this, someone else is signed in to your account. End every session now:\n' +
      `${data.endSessionsLink}\n\n` +
      `Then reset your password from the sign-in page. Questions: ${data.supportEmail}`,
    html:
      `<p>The password of your Stockbench account was changed on ${escape(at)}.</p>` +
      '<p>If you did not do this, someone else is signed in to your account. ' +
      `<a href="${escape(data.endSessionsLink)}">End every session now</a>, then reset your password from ` +
      `the sign-in page. Questions: ${escape(data.supportEmail)}</p>`,
  };
}

import { escapeHtml as escape } from '../mail';
import { when, type MailContent, type SecurityMailData } from './types';

/** A new authenticator app replaced the one two-factor sign-in used. */
export function twoFactorChangedMail(data: SecurityMailData): MailContent {
  const at = when(data.at);
  return {
    subject: 'A new authenticator app was set up for your Stockbench account',
    text:
      `A new authenticator app was set up for two-factor sign-in to your Stockbench account on ${at}. ` +
      'Codes from the app used before no longer work.\n\n' +
      'If you did not do this, someone else is signed in to your account. End every session now:\n' +
      `${data.endSessionsLink}\n\n` +
      'Then reset your password from the sign-in page, and write to us from this address so we can ' +
      `turn two-factor sign-in off for you: ${data.supportEmail}`,
    html:
      '<p>A new authenticator app was set up for two-factor sign-in to your Stockbench account on ' +
      `${escape(at)}. Codes from the app used before no longer work.</p>` +
      '<p>If you did not do this, someone else is signed in to your account. ' +
      `<a href="${escape(data.endSessionsLink)}">End every session now</a>, then reset your password from ` +
      'the sign-in page, and write to us from this address so we can turn two-factor sign-in off for you: ' +
      `${escape(data.supportEmail)}</p>`,
  };
}

import { escapeHtml as escape } from '../mail';
import { when, type MailContent, type SecurityMailData } from './types';

/** Two-factor sign-in was turned on for the account. */
export function twoFactorOnMail(data: SecurityMailData): MailContent {
  const at = when(data.at);
  return {
    subject: 'Two-factor sign-in was turned on for your Stockbench account',
    text:
      `Two-factor sign-in was turned on for your Stockbench account on ${at}. From now on, signing in ` +
      'asks for a code from the authenticator app that was set up.\n\n' +
      'If you did not do this, someone else is signed in to your account. End every session now:\n' +
      `${data.endSessionsLink}\n\n` +
      'Then reset your password from the sign-in page, and write to us from this address so we can ' +
      `turn two-factor sign-in off for you: ${data.supportEmail}`,
    html:
      `<p>Two-factor sign-in was turned on for your Stockbench account on ${escape(at)}. From now on, ` +
      'signing in asks for a code from the authenticator app that was set up.</p>' +
      '<p>If you did not do this, someone else is signed in to your account. ' +
      `<a href="${escape(data.endSessionsLink)}">End every session now</a>, then reset your password from ` +
      'the sign-in page, and write to us from this address so we can turn two-factor sign-in off for you: ' +
      `${escape(data.supportEmail)}</p>`,
  };
}

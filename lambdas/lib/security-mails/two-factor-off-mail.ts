import { escapeHtml as escape } from '../mail';
import { when, type MailContent, type SecurityMailData } from './types';

/** Two-factor sign-in was turned off for the account. */
export function twoFactorOffMail(data: SecurityMailData): MailContent {
  const at = when(data.at);
  return {
    subject: 'Two-factor sign-in was turned off for your Stockbench account',
    text:
      `Two-factor sign-in was turned off for your Stockbench account on ${at}. Signing in now needs ` +
      'the password alone; you can turn it on again on your profile page.\n\n' +
      'If you did not do this, someone else may be signed in to your account. End every session now:\n' +
      `${data.endSessionsLink}\n\n` +
      `Then reset your password from the sign-in page. Questions: ${data.supportEmail}`,
    html:
      `<p>Two-factor sign-in was turned off for your Stockbench account on ${escape(at)}. Signing in now ` +
      'needs the password alone; you can turn it on again on your profile page.</p>' +
      '<p>If you did not do this, someone else may be signed in to your account. ' +
      `<a href="${escape(data.endSessionsLink)}">End every session now</a>, then reset your password from ` +
      `the sign-in page. Questions: ${escape(data.supportEmail)}</p>`,
  };
}

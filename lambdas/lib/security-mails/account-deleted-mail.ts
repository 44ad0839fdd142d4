import { escapeHtml as escape } from '../mail';
import { when, type MailContent } from './types';

/** The account was deleted: no session link (nothing is left to sign in to). */
export function accountDeletedMail(data: { at: string; supportEmail: string }): MailContent {
  const at = when(data.at);
  return {
    subject: 'Your Stockbench account was deleted',
    text:
      `Your Stockbench account was deleted on ${at}: its subscription ended, its licenses stopped ` +
      'working, and we removed what we kept about it. You can create a new account with this address at ' +
      'any time.\n\n' +
      `If you did not do this, write to us from this address: ${data.supportEmail}`,
    html:
      `<p>Your Stockbench account was deleted on ${escape(at)}: its subscription ended, its licenses ` +
      'stopped working, and we removed what we kept about it. You can create a new account with this ' +
      'address at any time.</p>' +
      `<p>If you did not do this, write to us from this address: ${escape(data.supportEmail)}</p>`,
  };
}

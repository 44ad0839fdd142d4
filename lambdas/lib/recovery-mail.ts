import type { Config } from './config';
import { escapeHtml as escape, type Mail } from './mail';

// The email-recovery flow's message to the old address (the code it carries is checked by
// recovery-code.ts).

export function recoveryMail(
  to: string,
  newEmail: string,
  code: string,
  config: Pick<Config, 'siteUrl' | 'supportEmail'>,
): Mail {
  const link = `${config.siteUrl}/auth?mode=recoverEmail&oobCode=${encodeURIComponent(code)}`;
  return {
    to,
    subject: 'Your Stockbench email address was changed',
    text:
      `The email address of your Stockbench account was changed to ${newEmail}.\n\n` +
      `If you did not make this change, restore your address with this link:\n${link}\n\n` +
      `Questions: ${config.supportEmail}`,
    html:
      `<p>The email address of your Stockbench account was changed to <b>${escape(newEmail)}</b>.</p>` +
      `<p>If you did not make this change, <a href="${escape(link)}">restore your address</a>.</p>` +
      `<p>Questions: ${escape(config.supportEmail)}</p>`,
  };
}

import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { takeCognitoMailAllowance } from '../lib/cognito-mail-limit';
import { recoveryResetUnderway } from '../lib/repository/recovery-codes';

// Cognito CustomMessage trigger: turns Cognito's verification and reset codes into links to the site's
// email-action page (/auth?mode=...&oobCode=...), the shape
// Firebase's email-action links had, so links in older mails keep working.
// In production request.codeParameter is the placeholder "{####}", which Cognito replaces with the code
// after this returns; a local emulator may pass the code itself. Both work because the code is only
// interpolated, never encoded or parsed. The plain code is also shown, for mail clients that mangle links.
// Every one of these mails counts against its address's daily limit (lib/cognito-mail-limit.ts): past
// it the trigger fails, so Cognito sends nothing and the caller gets the reason. An email recovery's
// new-password mail is the exception (recoveryAsks).

type Mode = 'verifyEmail' | 'resetPassword';

interface Template {
  mode: Mode;
  subject: string;
  intro: string;
  action: string;
  /** Said after the link, as plain text (the site's address is added where it says so). */
  after?: (siteUrl: string) => string;
}

const VERIFY: Template = {
  mode: 'verifyEmail',
  subject: 'Verify your email for Stockbench',
  intro:
    'Follow this link to verify your email address. The page asks for the password of your Stockbench ' +
    'account: a link alone never verifies an account.',
  action: 'Verify email',
  // Someone may have signed up with this address; its owner can still create the account for it.
  after: (siteUrl) =>
    'If you did not create a Stockbench account with this address, someone else may have: ignore this ' +
    `email. You can create your own account with it at ${siteUrl}/sign-up; an account that was never ` +
    'verified is replaced.',
};

/** A changed address of an existing account: no sign-up to point to. */
const VERIFY_CHANGED: Template = { ...VERIFY, after: undefined };

const TEMPLATES: Partial<Record<CustomMessageTriggerEvent['triggerSource'], Template>> = {
  CustomMessage_SignUp: VERIFY,
  CustomMessage_ResendCode: VERIFY,
  CustomMessage_UpdateUserAttribute: VERIFY_CHANGED,
  CustomMessage_VerifyUserAttribute: VERIFY_CHANGED,
  CustomMessage_ForgotPassword: {
    mode: 'resetPassword',
    subject: 'Reset your password for Stockbench',
    intro: 'Follow this link to reset your Stockbench password.',
    action: 'Reset password',
  },
};

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The link the message carries; exported for tests and for anything that must build the same URL. */
export function actionLink(siteUrl: string, mode: Mode, code: string, email: string): string {
  const base = siteUrl.replace(/\/+$/, '');
  return `${base}/auth?mode=${mode}&oobCode=${code}&email=${encodeURIComponent(email)}`;
}

export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const email = event.request.userAttributes.email;
  if (TEMPLATES[event.triggerSource] && email && !(await recoveryAsks(event)))
    await takeCognitoMailAllowance(email);
  return withMessage(event);
};

/**
 * The new-password mail of an email recovery under way (email-recovery marks it): the owner's way back
 * is never stopped by a limit an intruder can fill with sign-ups to the owner's mailbox.
 */
async function recoveryAsks(event: CustomMessageTriggerEvent): Promise<boolean> {
  const sub = event.request.userAttributes.sub;
  return event.triggerSource === 'CustomMessage_ForgotPassword' && !!sub && recoveryResetUnderway(sub);
}

/** The event with the message Cognito is to send (pure: the limit is the handler's). */
export function withMessage(event: CustomMessageTriggerEvent): CustomMessageTriggerEvent {
  const template = TEMPLATES[event.triggerSource];
  // Other sources (AdminCreateUser, Authentication) keep Cognito's default message.
  if (!template) return event;

  const siteUrl = process.env.SITE_URL;
  if (!siteUrl) throw new Error('SITE_URL is not set');
  const code = event.request.codeParameter;
  const email = event.request.userAttributes.email ?? '';
  const link = actionLink(siteUrl, template.mode, code, email);
  const linkHtml = escapeHtml(link);

  event.response.emailSubject = template.subject;
  event.response.emailMessage = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    '<p>Hello,</p>',
    `<p>${template.intro}</p>`,
    `<p><a href="${linkHtml}">${template.action}</a></p>`,
    `<p>Or open this address in your browser:<br><a href="${linkHtml}">${linkHtml}</a></p>`,
    `<p>Your code is <strong>${escapeHtml(code)}</strong>.</p>`,
    template.after
      ? `<p>${escapeHtml(template.after(siteUrl.replace(/\/+$/, '')))}</p>`
      : "<p>If you didn't ask for this, you can ignore this email.</p>",
    '<p>Thanks,<br>The Stockbench team</p>',
    '</body></html>',
  ].join('\n');
  return event;
}

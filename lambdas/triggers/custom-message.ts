import type { CustomMessageTriggerEvent } from 'aws-lambda';

// Cognito CustomMessage trigger: turns Cognito's verification and reset codes into links to the site's
// email-action page (/auth?mode=...&oobCode=...), the shape the spec's Firebase emails had.
// In production request.codeParameter is the placeholder "{####}", which Cognito replaces with the code
// after this returns; a local emulator may pass the code itself. Both work because the code is only
// interpolated, never encoded or parsed. The plain code is also shown, for mail clients that mangle links.

type Mode = 'verifyEmail' | 'resetPassword';

interface Template {
  mode: Mode;
  subject: string;
  intro: string;
  action: string;
}

const VERIFY: Template = {
  mode: 'verifyEmail',
  subject: 'Verify your email for Stockbench',
  intro: 'Follow this link to verify your email address.',
  action: 'Verify email',
};

const TEMPLATES: Partial<Record<CustomMessageTriggerEvent['triggerSource'], Template>> = {
  CustomMessage_SignUp: VERIFY,
  CustomMessage_ResendCode: VERIFY,
  CustomMessage_UpdateUserAttribute: VERIFY,
  CustomMessage_VerifyUserAttribute: VERIFY,
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
    "<p>If you didn't ask for this, you can ignore this email.</p>",
    '<p>Thanks,<br>The Stockbench team</p>',
    '</body></html>',
  ].join('\n');
  return event;
};

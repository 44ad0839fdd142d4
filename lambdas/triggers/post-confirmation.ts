import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { signOutEverywhere } from '../lib/cognito';
import { revokeTokens } from '../lib/repository/sessions';

// Cognito PostConfirmation trigger. Cognito fires it with PostConfirmation_ConfirmForgotPassword once a
// password reset is confirmed (the forgot-password flow, and the one an email recovery starts): every
// session of the user ends there, since whoever reset the password may be locking someone out who knew
// the old one. Cognito revokes the refresh tokens (AdminUserGlobalSignOut), and the BFF stops taking
// ID tokens issued before now (USER#<uid> / SESSIONS); a sign-in right after the reset is taken, to
// the millisecond (lib/repository/sessions.ts). Sign-up confirmations pass.

export const handler = async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmForgotPassword') return event;
  const sub = event.request.userAttributes.sub;
  if (!sub) throw new Error('PostConfirmation event without the user sub');
  await signOutEverywhere(event.userName, event.userPoolId);
  await revokeTokens(sub);
  return event;
};

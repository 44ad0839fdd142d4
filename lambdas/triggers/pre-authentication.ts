import type { PreAuthenticationTriggerEvent } from 'aws-lambda';
import { hasTwoFactor } from '../lib/cognito';
import { PASSWORD_CHECK_KEY, recordSignInStart, takePasswordCheck } from '../lib/repository/sign-in-starts';

// Cognito PreAuthentication trigger: runs when a sign-in begins (InitiateAuth), before any token. For a
// user with two-factor sign-in, the sign-in stops at the code challenge, whose session stays answerable
// for the app client's auth session validity; Cognito's documentation says nothing of it ending when
// the account is recovered, its password reset, its sessions ended or its two-factor settings changed.
// So the start is recorded here, and the PreTokenGeneration trigger refuses tokens to a sign-in that
// began before such a change. A sign-in without the second factor completes in this same request and
// needs no record; nor do the BFF's own password checks, which nobody completes (their one-time mark
// arrives as validationData, where Cognito puts InitiateAuth's ClientMetadata for this trigger).

export const handler = async (
  event: PreAuthenticationTriggerEvent,
): Promise<PreAuthenticationTriggerEvent> => {
  const uid = event.request.userAttributes.sub;
  if (!uid || event.request.userNotFound) return event;
  const startedAt = Date.now();
  const nonce = event.request.validationData?.[PASSWORD_CHECK_KEY];
  if (nonce && (await takePasswordCheck(uid, nonce))) return event;
  if (await hasTwoFactor(event.userName, event.userPoolId)) await recordSignInStart(uid, startedAt);
  return event;
};

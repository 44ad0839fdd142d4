import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { refuse } from '../lib/refusal';
import { latestSignInStart } from '../lib/repository/sign-in-starts';
import { ISSUED_MS_CLAIM, lastSecurityChangeMs } from '../lib/repository/sessions';
import { authSessionMs } from '../lib/sign-in-window';

// Cognito PreTokenGeneration trigger: the last step before Cognito hands out tokens for a sign-in. A
// sign-in that began before the account's last security change (a recovery, a password reset, every
// session ended, the two-factor settings changed) must get no tokens: an intruder who passed the
// password step before the owner took the account back could otherwise answer the code challenge
// after. Cognito's auth_time is when a sign-in completes, not when it began, so the starts recorded by
// the PreAuthentication trigger decide: if one began before the change and is still answerable (within
// the auth session validity), the sign-in completing now may be it, and it is refused; the person is
// told when a new sign-in will work (at most that validity after the change). Refreshes keep the
// session's own start (a global sign-out revokes the refresh tokens of sessions before a change).
//
// Every ID token it lets through gets the millisecond it is issued (ISSUED_MS_CLAIM): the BFF tells by
// it whether a token of a revocation's own second came before or after it (lib/repository/sessions.ts).
// A refresh gets its own time too: Cognito refreshes only a session its global sign-out spared, and
// every revocation signs out at Cognito before it is recorded.

/** What the person sees (Cognito: "PreTokenGeneration failed with error <this>."). */
export function signInTooEarly(waitSeconds: number): string {
  return (
    "A sign-in that began before your account's last security change cannot finish. " +
    `Sign in again in ${waitSeconds} second${waitSeconds === 1 ? '' : 's'}`
  );
}

/** The event with the ID token's issue time (now, epoch ms) among the claims to add. */
function stamped(event: PreTokenGenerationTriggerEvent): PreTokenGenerationTriggerEvent {
  const details = event.response.claimsOverrideDetails ?? {};
  event.response.claimsOverrideDetails = {
    ...details,
    claimsToAddOrOverride: { ...details.claimsToAddOrOverride, [ISSUED_MS_CLAIM]: String(Date.now()) },
  };
  return event;
}

export const handler = async (
  event: PreTokenGenerationTriggerEvent,
): Promise<PreTokenGenerationTriggerEvent> => {
  if (event.triggerSource === 'TokenGeneration_RefreshTokens') return stamped(event);
  const uid = event.request.userAttributes.sub;
  if (!uid) throw new Error('PreTokenGeneration event without the user sub');
  const now = Date.now();
  const window = authSessionMs();
  const changedAt = await lastSecurityChangeMs(uid);
  if (changedAt === undefined || now >= changedAt + window) return stamped(event);
  const before = await latestSignInStart(uid, now - window, changedAt);
  if (before === undefined) return stamped(event);
  refuse(signInTooEarly(Math.max(1, Math.ceil((before + window - now) / 1000))));
};

import { signOut } from 'aws-amplify/auth';
import { signOutEverywhere } from '../api-client/client';
import { configureAmplify } from './amplify-config';
import { notifyAuthChange } from './stored-session';

/** Sign-outs running now: the first one's caller decides where the person goes next (with its note). */
let underWay = 0;

/**
 * Whether a sign-out is running. The BFF's 401 for an ended session (`onSessionRevoked`) comes during
 * one when a change of factor (second factor, passkey) already ended every session: that sign-out goes
 * on to its own page, and nothing else takes the person elsewhere.
 */
export const signingOut = (): boolean => underWay > 0;

/**
 * Signs out on this device (Amplify clears its tokens and revokes the refresh token). With
 * `everywhere`, first ends every session of the user on every device through the BFF (Cognito's
 * global sign-out, and the BFF stops taking the ID tokens already issued); this device signs out
 * even if that fails. `afterFactorChange` (of the second factor or a passkey): sign-ins waiting for
 * their code are spared (see the endpoint). The navigation imports this module on click only, so public pages never load Amplify.
 */
export async function signOutUser(
  options: { everywhere?: boolean; afterFactorChange?: boolean } = {},
): Promise<void> {
  configureAmplify();
  underWay += 1;
  try {
    if (options.everywhere) {
      // After a change of factor the change's own event ends every session too, and may have come
      // first (this token then answers 401): the sessions are ended either way.
      const ending = signOutEverywhere(options.afterFactorChange ? { keepPendingSignIns: true } : {});
      await (options.afterFactorChange ? ending.catch(() => undefined) : ending);
    }
  } finally {
    try {
      await signOut();
    } finally {
      underWay -= 1;
      notifyAuthChange();
    }
  }
}

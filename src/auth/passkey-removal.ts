import { fetchAuthSession } from 'aws-amplify/auth';
import { finishPasskeyRemoval } from '../api-client/client';
import { configureAmplify } from './amplify-config';

// Support's removal of the account's passkeys, finished by the site: Cognito deletes a passkey only with
// the owner's access token, so the BFF, refusing the account meanwhile, asks for the session's own.

/** Removes every passkey of the signed-in user, as support was asked; answers how many this call removed. */
export async function finishSupportPasskeyRemoval(): Promise<number> {
  configureAmplify();
  const { tokens } = await fetchAuthSession();
  const accessToken = tokens?.accessToken.toString();
  if (!accessToken) throw { error: { code: 'UNAUTHENTICATED', message: 'Sign in to continue.' } };
  return (await finishPasskeyRemoval(accessToken)).removed;
}

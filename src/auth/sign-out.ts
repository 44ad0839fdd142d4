import { signOut } from 'aws-amplify/auth';
import { configureAmplify } from './amplify-config';
import { notifyAuthChange } from './stored-session';

/**
 * Signs out on this device (Amplify clears its tokens and revokes the refresh token). The navigation
 * imports this module on click only, so public pages never load Amplify.
 */
export async function signOutUser(): Promise<void> {
  configureAmplify();
  try {
    await signOut();
  } finally {
    notifyAuthChange();
  }
}

import { accountConfig } from '../account-config';

// What the navigation needs to know about the session, read from where Amplify keeps its tokens
// (localStorage) without loading Amplify: a user is signed in when the last user and that user's ID
// token are stored. Amplify itself decides whether those tokens are still good on account pages.

const PREFIX = 'CognitoIdentityServiceProvider';
/** Fired on this window whenever the account pages sign in or out (other tabs get a storage event). */
const AUTH_CHANGE_EVENT = 'stockbench:auth-change';

export type StoredSessionState = 'signedIn' | 'signedOut';

export function readStoredSession(clientId: string = accountConfig.cognito.clientId): StoredSessionState {
  try {
    const user = window.localStorage.getItem(`${PREFIX}.${clientId}.LastAuthUser`);
    if (!user) return 'signedOut';
    return window.localStorage.getItem(`${PREFIX}.${clientId}.${user}.idToken`) ? 'signedIn' : 'signedOut';
  } catch {
    return 'signedOut'; // storage blocked
  }
}

export function subscribeStoredSession(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(AUTH_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(AUTH_CHANGE_EVENT, onChange);
  };
}

export function notifyAuthChange(): void {
  window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
}

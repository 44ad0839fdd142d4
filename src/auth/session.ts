import { fetchAuthSession } from 'aws-amplify/auth';
import { accountConfig } from '../account-config';
import { configureAmplify } from './amplify-config';

export interface SessionUser {
  /** Cognito's sub: the uid the BFF knows the user by. */
  uid: string;
  email: string;
  emailVerified: boolean;
}

export interface Session {
  user: SessionUser;
  idToken: string;
  /** Expiry of the ID token, epoch seconds. */
  expiresAt: number;
}

/** The current session from Amplify's store (Amplify refreshes expired tokens here), or null. */
export async function readSession(forceRefresh = false): Promise<Session | null> {
  // A build without Cognito settings (e.g. a bare benchmark build) has no sessions: nothing to ask.
  if (!accountConfig.cognito.userPoolId) return null;
  configureAmplify();
  const { tokens } = await fetchAuthSession({ forceRefresh });
  const idToken = tokens?.idToken;
  if (!idToken) return null;
  const claims = idToken.payload;
  return {
    user: {
      uid: String(claims.sub ?? ''),
      email: String(claims.email ?? ''),
      // Cognito puts a boolean; some issuers a string.
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    },
    idToken: idToken.toString(),
    expiresAt: Number(claims.exp ?? 0),
  };
}

/** The ID token the BFF's JWT routes want, refreshed by Amplify when needed. */
export async function currentIdToken(): Promise<string> {
  const session = await readSession();
  if (!session) throw { error: { code: 'UNAUTHENTICATED', message: 'Sign in to continue.' } };
  return session.idToken;
}

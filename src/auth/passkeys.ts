import {
  associateWebAuthnCredential,
  deleteWebAuthnCredential,
  listWebAuthnCredentials,
} from 'aws-amplify/auth';
import { configureAmplify } from './amplify-config';
import { PASSKEY_SIGN_IN_MAX_AGE_MINUTES, requireRecentSignIn } from './recent-sign-in';

// The signed-in user's passkeys, through Cognito's own passkey calls (aws-amplify v6). The browser's prompt
// is part of adding one: associateWebAuthnCredential asks the authenticator between Cognito's two steps.

/** One passkey as /profile lists it. Cognito keeps no "last used" date, so none is shown. */
export interface Passkey {
  id: string;
  /** The name Cognito gives it (the authenticator's kind); "Passkey" when it gives none. */
  name: string;
  /** When it was added; null when Cognito does not say. */
  addedAt: Date | null;
}

/** Every passkey of the signed-in user, oldest first (Cognito pages the list: all pages are read). */
export async function listPasskeys(): Promise<Passkey[]> {
  configureAmplify();
  const passkeys: Passkey[] = [];
  let nextToken: string | undefined;
  do {
    const page = await listWebAuthnCredentials({ pageSize: 20, nextToken });
    for (const credential of page.credentials) {
      if (!credential.credentialId) continue;
      passkeys.push({
        id: credential.credentialId,
        name: credential.friendlyCredentialName || 'Passkey',
        addedAt: credential.createdAt ?? null,
      });
    }
    nextToken = page.nextToken;
  } while (nextToken);
  return passkeys;
}

/**
 * Asks the browser for a new passkey of this site and registers it with Cognito, after a recent
 * sign-in. The page's check only: Cognito's StartWebAuthnRegistration takes any valid access token.
 */
export async function addPasskey(): Promise<void> {
  configureAmplify();
  await requireRecentSignIn(PASSKEY_SIGN_IN_MAX_AGE_MINUTES);
  await associateWebAuthnCredential();
}

export async function removePasskey(id: string): Promise<void> {
  configureAmplify();
  await deleteWebAuthnCredential({ credentialId: id });
}

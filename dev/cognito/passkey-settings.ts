import { CognitoError } from './cognito-error';

// Passkey facts the local Cognito shares between the proxy and its cognito-local child.

/** cognito-local's added target that issues a user's tokens after a verified passkey (passkey-tokens.ts). */
export const PASSKEY_TOKENS_TARGET = 'LocalIssuePasskeyTokens';

/**
 * Passkeys a user may hold; one more answers LimitExceededException (the error StartWebAuthnRegistration
 * and CompleteWebAuthnRegistration list). The API Reference caps ListWebAuthnCredentials' MaxResults at
 * 20, one page for every passkey of a user; the quota page of the Developer Guide was not found to state
 * it, so this is our reading (dev/cognito/README.md, "Passkeys").
 */
export const MAX_PASSKEYS_PER_USER = 20;

/** The relying party id of a local stack: browsers allow no IP address there, so the site is reached on localhost. */
export const LOCAL_RELYING_PARTY_ID = 'localhost';

/**
 * How long a StartWebAuthnRegistration challenge waits for its CompleteWebAuthnRegistration, and the
 * `timeout` the options carry. Our choice: Cognito documents only that an expired one answers
 * WebAuthnChallengeNotFoundException.
 */
export const REGISTRATION_TTL_MS = 5 * 60_000;

/** The pool's passkey settings, as Cognito's CreateUserPool has them. */
export interface PasskeyPoolSettings {
  /** WebAuthnRelyingPartyID; without one Cognito answers WebAuthnConfigurationMissingException. */
  relyingPartyId?: string;
  /** WebAuthnUserVerification. */
  userVerification: 'required' | 'preferred';
  /** Policies.SignInPolicy.AllowedFirstAuthFactors. */
  allowedFirstAuthFactors: readonly string[];
}

export const passkeysOn = (settings: PasskeyPoolSettings) =>
  settings.allowedFirstAuthFactors.includes('WEB_AUTHN');
export const uvRequired = (settings: PasskeyPoolSettings) => settings.userVerification === 'required';

/** The relying party id, or what Cognito answers a pool that cannot take passkeys. */
export function requirePasskeys(settings: PasskeyPoolSettings): string {
  if (!passkeysOn(settings)) {
    throw new CognitoError('WebAuthnNotEnabledException', 'WebAuthn is not enabled for the user pool.');
  }
  if (!settings.relyingPartyId) {
    throw new CognitoError(
      'WebAuthnConfigurationMissingException',
      'The user pool has no relying party id configured for WebAuthn.',
    );
  }
  return settings.relyingPartyId;
}

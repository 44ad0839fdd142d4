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

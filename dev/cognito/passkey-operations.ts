import { ChallengeSessions } from './challenge-sessions';
import { CognitoError } from './cognito-error';
import type { Json, TargetHandler } from './cognito-rules';
import { passkeyRegistration } from './passkey-registration';
import { PASSKEY_TOKENS_TARGET, type PasskeyPoolSettings } from './passkey-settings';
import { passkeySignIn, type PasskeySignInDeps } from './passkey-sign-in';
import type { ProxyContext } from './proxy-context';
import { WebAuthnCredentials } from './webauthn-credentials';

// Passkeys as Cognito has them, which cognito-local lacks: the user's passkeys (passkey-registration.ts)
// and choice-based sign-in with them (passkey-sign-in.ts), over one store of credentials.

export interface PasskeyDeps extends Pick<PasskeySignInDeps, 'passwordSignIn' | 'mfaChallenge'> {
  settings: PasskeyPoolSettings;
  /** JSON file of the registered passkeys. */
  credentialsFile: string;
  /** Clock and lifetime of the sign-in challenge sessions, as the MFA ones (challenge-sessions.ts). */
  sessions?: ConstructorParameters<typeof ChallengeSessions>[0];
}

export function passkeyOperations(ctx: ProxyContext, deps: PasskeyDeps) {
  const store = new WebAuthnCredentials(deps.credentialsFile);
  const signIn = passkeySignIn(ctx, {
    settings: deps.settings,
    store,
    sessions: new ChallengeSessions(deps.sessions),
    passwordSignIn: deps.passwordSignIn,
    mfaChallenge: deps.mfaChallenge,
  });
  return {
    ...signIn,
    handlers: {
      ...passkeyRegistration(ctx, { settings: deps.settings, store, now: deps.sessions?.now ?? Date.now }),
      // Only the proxy may ask cognito-local for a user's tokens (passkey-tokens.ts).
      [PASSKEY_TOKENS_TARGET]: (_body: Json) => {
        throw new CognitoError('UnknownOperationException', `Unknown operation ${PASSKEY_TOKENS_TARGET}`);
      },
    } satisfies Record<string, TargetHandler>,
  };
}

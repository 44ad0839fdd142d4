import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import {
  decodeAttestationObject,
  decodeClientDataJSON,
  isoBase64URL,
  parseAuthenticatorData,
} from '@simplewebauthn/server/helpers';
import { CognitoError } from './cognito-error';
import type { TargetHandler, UserRecord } from './cognito-rules';
import {
  MAX_PASSKEYS_PER_USER,
  REGISTRATION_TTL_MS,
  requirePasskeys,
  uvRequired,
  type PasskeyPoolSettings,
} from './passkey-settings';
import type { ProxyContext } from './proxy-context';
import { madeForRp, originAllowed, registrationResponse } from './webauthn-checks';
import type { WebAuthnCredentials } from './webauthn-credentials';

// A signed-in user's passkeys, as Cognito keeps them: StartWebAuthnRegistration and
// CompleteWebAuthnRegistration (verified with @simplewebauthn/server after the checks Cognito names
// with its own exceptions), ListWebAuthnCredentials and DeleteWebAuthnCredential. Each call needs a
// live access token of the user (expired or revoked: NotAuthorizedException, proxy-context.ts).

interface PendingRegistration {
  challenge: string;
  clientId: string;
  expiresAt: number;
}

const poolOf = (iss: unknown) =>
  String(iss ?? '')
    .split('/')
    .pop() ?? '';
const MAX_RESULTS_MESSAGE =
  "1 validation error detected: Value at 'maxResults' failed to satisfy constraint: Member must have value less than or equal to 20";

export function passkeyRegistration(
  ctx: ProxyContext,
  deps: { settings: PasskeyPoolSettings; store: WebAuthnCredentials; now: () => number },
): Record<string, TargetHandler> {
  const { up, verifyAccessToken } = ctx;
  const { settings, store, now } = deps;
  /** One pending registration per user: a new StartWebAuthnRegistration replaces the earlier one. */
  const pending = new Map<string, PendingRegistration>();

  /** The signed-in user of an access token: pool, username, and the client the token was issued to. */
  const signedIn = async (token: unknown) => {
    const claims = await verifyAccessToken(token);
    return {
      poolId: poolOf(claims.iss),
      username: claims.username,
      clientId: String(claims.client_id ?? ''),
    };
  };

  /** Origin and relying party checks Cognito names with their own exceptions. */
  const checkOriginAndRp = (origin: string, rpIdHash: Uint8Array, rpId: string): void => {
    if (!originAllowed(origin, rpId)) {
      throw new CognitoError(
        'WebAuthnOriginNotAllowedException',
        'The passkey credential origin does not match the relying party id of the user pool.',
      );
    }
    if (!madeForRp(rpIdHash, rpId)) {
      throw new CognitoError(
        'WebAuthnRelyingPartyMismatchException',
        'The passkey credential was created for a different relying party id.',
      );
    }
  };

  const startRegistration: TargetHandler = async (body) => {
    const { poolId, username, clientId } = await signedIn(body.AccessToken);
    const rpId = requirePasskeys(settings);
    const existing = store.list(poolId, username);
    if (existing.length >= MAX_PASSKEYS_PER_USER) {
      throw new CognitoError(
        'LimitExceededException',
        'The user has reached the maximum number of passkeys.',
      );
    }
    const user = await up.call<UserRecord & { UserAttributes?: { Name: string; Value?: string }[] }>(
      'GetUser',
      { AccessToken: body.AccessToken },
    );
    const email = user.UserAttributes?.find((a) => a.Name === 'email')?.Value ?? username;
    const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? username;
    const options = await generateRegistrationOptions({
      rpName: rpId,
      rpID: rpId,
      userName: email,
      userDisplayName: email,
      userID: new TextEncoder().encode(sub),
      timeout: REGISTRATION_TTL_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.credentialId })),
      authenticatorSelection: {
        residentKey: 'required',
        userVerification: uvRequired(settings) ? 'required' : 'preferred',
      },
      supportedAlgorithmIDs: [-7, -257],
    });
    pending.set(`${poolId}/${username}`, {
      challenge: options.challenge,
      clientId,
      expiresAt: now() + REGISTRATION_TTL_MS,
    });
    return { CredentialCreationOptions: options };
  };

  const completeRegistration: TargetHandler = async (body) => {
    const { poolId, username, clientId } = await signedIn(body.AccessToken);
    const rpId = requirePasskeys(settings);
    const credential = registrationResponse(body.Credential);
    const key = `${poolId}/${username}`;
    const started = pending.get(key);
    if (!started || now() >= started.expiresAt) {
      pending.delete(key);
      throw new CognitoError(
        'WebAuthnChallengeNotFoundException',
        'The WebAuthn registration challenge was not found or has expired.',
      );
    }
    if (started.clientId !== clientId) {
      throw new CognitoError(
        'WebAuthnClientMismatchException',
        'The access token is for a different client than the one that started the registration.',
      );
    }
    let origin: string;
    let challenge: string;
    let authData: ReturnType<typeof parseAuthenticatorData>;
    try {
      ({ origin, challenge } = decodeClientDataJSON(credential.response.clientDataJSON));
      const attestation = decodeAttestationObject(
        isoBase64URL.toBuffer(credential.response.attestationObject),
      );
      authData = parseAuthenticatorData(attestation.get('authData'));
    } catch {
      throw new CognitoError(
        'InvalidParameterException',
        'Credential is not a valid RegistrationResponseJSON',
      );
    }
    if (challenge !== started.challenge) {
      throw new CognitoError(
        'WebAuthnChallengeNotFoundException',
        'The WebAuthn registration challenge was not found or has expired.',
      );
    }
    // One answer per challenge, as a sign-in session takes one.
    pending.delete(key);
    checkOriginAndRp(origin, authData.rpIdHash, rpId);
    if (uvRequired(settings) && !authData.flags.uv) {
      throw new CognitoError(
        'WebAuthnCredentialNotSupportedException',
        'The passkey authenticator did not verify the user, which the user pool requires.',
      );
    }
    if (store.list(poolId, username).length >= MAX_PASSKEYS_PER_USER) {
      throw new CognitoError(
        'LimitExceededException',
        'The user has reached the maximum number of passkeys.',
      );
    }
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: credential,
        expectedChallenge: started.challenge,
        expectedOrigin: origin,
        expectedRPID: rpId,
        requireUserVerification: uvRequired(settings),
      });
    } catch (error) {
      throw new CognitoError(
        'InvalidParameterException',
        `The passkey registration could not be verified: ${String(error)}`,
      );
    }
    if (!verified.verified) {
      throw new CognitoError('InvalidParameterException', 'The passkey registration could not be verified.');
    }
    const { credential: made } = verified.registrationInfo;
    if (store.isTaken(poolId, made.id)) {
      throw new CognitoError('InvalidParameterException', 'The passkey credential is already registered.');
    }
    const attachment =
      typeof credential.authenticatorAttachment === 'string' ? credential.authenticatorAttachment : undefined;
    await store.add(poolId, username, {
      credentialId: made.id,
      publicKey: isoBase64URL.fromBuffer(made.publicKey),
      counter: made.counter,
      transports: credential.response.transports ?? [],
      authenticatorAttachment: attachment,
      friendlyName: attachment === 'cross-platform' ? 'Security key' : 'Passkey',
      relyingPartyId: rpId,
      createdAt: Math.floor(Date.now() / 1000),
    });
    return {};
  };

  const listCredentials: TargetHandler = async (body) => {
    const { poolId, username } = await signedIn(body.AccessToken);
    const max = body.MaxResults ?? MAX_PASSKEYS_PER_USER;
    if (typeof max !== 'number' || !Number.isInteger(max) || max < 0 || max > MAX_PASSKEYS_PER_USER) {
      throw new CognitoError('InvalidParameterException', MAX_RESULTS_MESSAGE);
    }
    let offset = 0;
    if (body.NextToken !== undefined) {
      const decoded =
        typeof body.NextToken === 'string'
          ? /^o([0-9]{1,4})$/.exec(Buffer.from(body.NextToken, 'base64url').toString())
          : null;
      if (!decoded) throw new CognitoError('InvalidParameterException', 'Invalid pagination token.');
      offset = Number(decoded[1]);
    }
    const all = store.list(poolId, username);
    const page = all.slice(offset, offset + max);
    const next =
      offset + page.length < all.length && max > 0
        ? Buffer.from(`o${offset + page.length}`).toString('base64url')
        : undefined;
    return {
      Credentials: page.map((c) => ({
        CredentialId: c.credentialId,
        FriendlyCredentialName: c.friendlyName,
        RelyingPartyId: c.relyingPartyId,
        ...(c.authenticatorAttachment && { AuthenticatorAttachment: c.authenticatorAttachment }),
        AuthenticatorTransports: c.transports,
        CreatedAt: c.createdAt,
      })),
      ...(next && { NextToken: next }),
    };
  };

  const deleteCredential: TargetHandler = async (body) => {
    const { poolId, username } = await signedIn(body.AccessToken);
    if (typeof body.CredentialId !== 'string' || !body.CredentialId) {
      throw new CognitoError('InvalidParameterException', 'CredentialId is required');
    }
    if (!(await store.remove(poolId, username, body.CredentialId))) {
      throw new CognitoError('ResourceNotFoundException', 'The passkey credential was not found.');
    }
    return {};
  };

  return {
    StartWebAuthnRegistration: startRegistration,
    CompleteWebAuthnRegistration: completeRegistration,
    ListWebAuthnCredentials: listCredentials,
    DeleteWebAuthnCredential: deleteCredential,
  };
}

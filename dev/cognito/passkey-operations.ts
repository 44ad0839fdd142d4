import { createHash, randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  decodeAttestationObject,
  decodeClientDataJSON,
  isoBase64URL,
  parseAuthenticatorData,
} from '@simplewebauthn/server/helpers';
import { ChallengeSessions, SESSION_MESSAGES, type Challenge } from './challenge-sessions';
import { CognitoError } from './cognito-error';
import { type Json, type TargetHandler, type UserRecord } from './cognito-rules';
import { MAX_PASSKEYS_PER_USER, PASSKEY_TOKENS_TARGET, REGISTRATION_TTL_MS } from './passkey-settings';
import type { ProxyContext } from './proxy-context';
import { runPreAuthentication } from './proxy-triggers';
import { WebAuthnCredentials, type StoredCredential } from './webauthn-credentials';

// Passkeys as Cognito has them, which cognito-local lacks: registration (StartWebAuthnRegistration,
// CompleteWebAuthnRegistration), the list and deletion, and choice-based sign-in (InitiateAuth with
// USER_AUTH, the SELECT_CHALLENGE and WEB_AUTHN challenges). Registrations and assertions are verified
// with @simplewebauthn/server; the checks whose failure Cognito names with an exception of its own
// (origin, relying party, challenge, user verification) run first, so the answer carries that name.
// A verified assertion gets its tokens from cognito-local itself (passkey-tokens.ts), so they refresh
// and carry auth_time as a password sign-in's do. The password part of USER_AUTH is the password
// sign-in (session-operations.ts), with its triggers, MFA challenge and error names.

interface PasskeyPoolSettings {
  /** The pool's WebAuthnRelyingPartyID; without one Cognito answers WebAuthnConfigurationMissingException. */
  relyingPartyId?: string;
  /** The pool's WebAuthnUserVerification. */
  userVerification: 'required' | 'preferred';
  /** The pool's SignInPolicy.AllowedFirstAuthFactors. */
  allowedFirstAuthFactors: readonly string[];
}

export interface PasskeyDeps {
  /** The proxy's password sign-in (InitiateAuth with USER_PASSWORD_AUTH), which USER_AUTH's PASSWORD runs. */
  passwordSignIn: TargetHandler;
  settings: PasskeyPoolSettings;
  /**
   * Opens the authenticator-app challenge (software-token-mfa.ts's `challenged`): a user with MFA on
   * answers it after the passkey, as after the password.
   */
  mfaChallenge: (result: Json, clientId: string, loginName: string) => Json;
  /** JSON file of the registered passkeys. */
  credentialsFile: string;
  /** Clock and lifetime of the sign-in challenge sessions, as the MFA ones (challenge-sessions.ts). */
  sessions?: ConstructorParameters<typeof ChallengeSessions>[0];
}

interface PendingRegistration {
  challenge: string;
  clientId: string;
  expiresAt: number;
}

const poolOf = (iss: unknown) =>
  String(iss ?? '')
    .split('/')
    .pop() ?? '';
const sha256 = (text: string) => createHash('sha256').update(text).digest();
const MAX_RESULTS_MESSAGE =
  "1 validation error detected: Value at 'maxResults' failed to satisfy constraint: Member must have value less than or equal to 20";

/** Whether a page's origin belongs to the relying party: its host or a subdomain, over https (localhost may use http). */
function originAllowed(origin: string, rpId: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const host = url.hostname;
  if (host !== rpId && !host.endsWith(`.${rpId}`)) return false;
  return (
    url.protocol === 'https:' ||
    (url.protocol === 'http:' && (host === 'localhost' || host.endsWith('.localhost')))
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function registrationResponse(value: unknown): RegistrationResponseJSON {
  const response = isObject(value) ? value.response : undefined;
  if (
    !isObject(value) ||
    typeof value.id !== 'string' ||
    typeof value.rawId !== 'string' ||
    value.type !== 'public-key' ||
    !isObject(response) ||
    typeof response.clientDataJSON !== 'string' ||
    typeof response.attestationObject !== 'string'
  ) {
    throw new CognitoError('InvalidParameterException', 'Credential is not a valid RegistrationResponseJSON');
  }
  return value as unknown as RegistrationResponseJSON;
}

function authenticationResponse(value: unknown): AuthenticationResponseJSON | undefined {
  let parsed: unknown;
  try {
    parsed = typeof value === 'string' ? JSON.parse(value) : undefined;
  } catch {
    return undefined;
  }
  const response = isObject(parsed) ? parsed.response : undefined;
  if (
    !isObject(parsed) ||
    typeof parsed.id !== 'string' ||
    typeof parsed.rawId !== 'string' ||
    parsed.type !== 'public-key' ||
    !isObject(response) ||
    typeof response.clientDataJSON !== 'string' ||
    typeof response.authenticatorData !== 'string' ||
    typeof response.signature !== 'string'
  ) {
    return undefined;
  }
  return parsed as unknown as AuthenticationResponseJSON;
}

export function passkeyOperations(ctx: ProxyContext, deps: PasskeyDeps) {
  const { up, clientInfo, findUser, verifyAccessToken, completeTokens, unknownUser } = ctx;
  const { settings } = deps;
  const store = new WebAuthnCredentials(deps.credentialsFile);
  const sessions = new ChallengeSessions(deps.sessions);
  const now = deps.sessions?.now ?? Date.now;
  /** One pending registration per user: a new StartWebAuthnRegistration replaces the earlier one. */
  const pending = new Map<string, PendingRegistration>();
  const passkeysOn = () => settings.allowedFirstAuthFactors.includes('WEB_AUTHN');

  const requirePasskeys = (): string => {
    if (!passkeysOn()) {
      throw new CognitoError('WebAuthnNotEnabledException', 'WebAuthn is not enabled for the user pool.');
    }
    if (!settings.relyingPartyId) {
      throw new CognitoError(
        'WebAuthnConfigurationMissingException',
        'The user pool has no relying party id configured for WebAuthn.',
      );
    }
    return settings.relyingPartyId;
  };
  const uvRequired = () => settings.userVerification === 'required';

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
    if (!sha256(rpId).equals(Buffer.from(rpIdHash))) {
      throw new CognitoError(
        'WebAuthnRelyingPartyMismatchException',
        'The passkey credential was created for a different relying party id.',
      );
    }
  };

  const startRegistration: TargetHandler = async (body) => {
    const { poolId, username, clientId } = await signedIn(body.AccessToken);
    const rpId = requirePasskeys();
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
        userVerification: uvRequired() ? 'required' : 'preferred',
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
    const rpId = requirePasskeys();
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
    if (uvRequired() && !authData.flags.uv) {
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
        requireUserVerification: uvRequired(),
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

  /** The WEB_AUTHN challenge for a user who has passkeys: what the browser's passkey prompt takes. */
  const webAuthnChallenge = async (
    clientId: string,
    user: UserRecord,
    loginName: string,
    poolId: string,
  ): Promise<Json> => {
    const rpId = requirePasskeys();
    const options = await generateAuthenticationOptions({
      rpID: rpId,
      allowCredentials: store.list(poolId, user.Username).map((c) => ({
        id: c.credentialId,
        transports: c.transports as NonNullable<
          Parameters<typeof generateAuthenticationOptions>[0]['allowCredentials']
        >[number]['transports'],
      })),
      userVerification: uvRequired() ? 'required' : 'preferred',
      timeout: REGISTRATION_TTL_MS,
    });
    const session = sessions.open({
      username: user.Username,
      loginName,
      clientId,
      challengeName: 'WEB_AUTHN',
      upstreamSession: options.challenge,
    });
    return {
      ChallengeName: 'WEB_AUTHN',
      Session: session,
      ChallengeParameters: { CREDENTIAL_REQUEST_OPTIONS: JSON.stringify(options) },
    };
  };

  /** The first factors this user can choose: a passkey only once they have one, so nobody is stuck on its prompt. */
  const choices = (poolId: string, user: UserRecord | null): string[] => [
    ...(settings.allowedFirstAuthFactors.includes('PASSWORD') ? ['PASSWORD'] : []),
    ...(user && passkeysOn() && store.list(poolId, user.Username).length > 0 ? ['WEB_AUTHN'] : []),
  ];

  const selectChallenge = (
    clientId: string,
    username: string,
    loginName: string,
    available: string[],
  ): Json => ({
    ChallengeName: 'SELECT_CHALLENGE',
    Session: sessions.open({
      username,
      loginName,
      clientId,
      challengeName: 'SELECT_CHALLENGE',
      upstreamSession: available.join(' '),
    }),
    ChallengeParameters: {},
    AvailableChallenges: available,
  });

  const passwordSignIn = (clientId: string, username: string, password: unknown, body: Json) =>
    deps.passwordSignIn({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: username, PASSWORD: password },
      ...(body.ClientMetadata !== undefined && { ClientMetadata: body.ClientMetadata }),
    });

  /** InitiateAuth with USER_AUTH: choice-based sign-in. */
  const userAuth: TargetHandler = async (body) => {
    const params = isObject(body.AuthParameters) ? body.AuthParameters : {};
    const loginName = params.USERNAME;
    const clientId = typeof body.ClientId === 'string' ? body.ClientId : '';
    if (typeof loginName !== 'string' || !loginName) {
      throw new CognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
    }
    const info = await clientInfo(clientId);
    const preferred = params.PREFERRED_CHALLENGE;
    if (
      preferred === 'PASSWORD' &&
      typeof params.PASSWORD === 'string' &&
      choices(info.userPoolId, null).includes('PASSWORD')
    ) {
      return passwordSignIn(clientId, loginName, params.PASSWORD, body);
    }
    const user = await findUser(info.userPoolId, loginName);
    if (!user) {
      return unknownUser(info, () =>
        selectChallenge(clientId, loginName, loginName, choices(info.userPoolId, null)),
      );
    }
    const available = choices(info.userPoolId, user);
    if (preferred === 'WEB_AUTHN' && available.includes('WEB_AUTHN')) {
      if (ctx.opts.preAuthentication) {
        await runPreAuthentication(ctx.opts.preAuthentication, body, user, info.userPoolId);
      }
      return webAuthnChallenge(clientId, user, loginName, info.userPoolId);
    }
    // No preference, or one this user cannot use (a passkey they do not have): the choices they have.
    return selectChallenge(clientId, user.Username, loginName, available);
  };

  /** The live session of this answer, or Cognito's refusal. */
  const checkSession = (body: Json, challengeName: string): { id: string; challenge: Challenge } => {
    const checked = sessions.check(body.Session);
    if ('problem' in checked)
      throw new CognitoError('NotAuthorizedException', SESSION_MESSAGES[checked.problem]);
    const { challenge } = checked;
    const responses = isObject(body.ChallengeResponses) ? body.ChallengeResponses : {};
    const named = String(responses.USERNAME ?? '').toLowerCase();
    if (
      challenge.clientId !== body.ClientId ||
      challenge.challengeName !== challengeName ||
      (named !== challenge.username.toLowerCase() && named !== challenge.loginName.toLowerCase())
    ) {
      throw new CognitoError('NotAuthorizedException', SESSION_MESSAGES.unknown);
    }
    return { id: String(body.Session), challenge };
  };

  const answerSelection: TargetHandler = async (body) => {
    const { id, challenge } = checkSession(body, 'SELECT_CHALLENGE');
    const responses = body.ChallengeResponses as Record<string, unknown>;
    const available = challenge.upstreamSession.split(' ');
    const answer = responses.ANSWER;
    if (typeof answer !== 'string' || !available.includes(answer)) {
      throw new CognitoError(
        'InvalidParameterException',
        'The ANSWER is not one of the available challenges.',
      );
    }
    sessions.spend(id);
    if (answer === 'PASSWORD') {
      return passwordSignIn(challenge.clientId, challenge.loginName, responses.PASSWORD, body);
    }
    const info = await clientInfo(challenge.clientId);
    const user = await findUser(info.userPoolId, challenge.username);
    if (!user) throw new CognitoError('NotAuthorizedException', SESSION_MESSAGES.unknown);
    if (ctx.opts.preAuthentication) {
      await runPreAuthentication(
        ctx.opts.preAuthentication,
        { ...body, AuthParameters: { USERNAME: challenge.loginName } },
        user,
        info.userPoolId,
      );
    }
    return webAuthnChallenge(challenge.clientId, user, challenge.loginName, info.userPoolId);
  };

  const refuseAssertion = (sessionId: string, message: string): never => {
    sessions.wrongAnswer(sessionId);
    throw new CognitoError('NotAuthorizedException', message);
  };

  const answerWebAuthn: TargetHandler = async (body) => {
    const { id, challenge } = checkSession(body, 'WEB_AUTHN');
    const rpId = requirePasskeys();
    const responses = body.ChallengeResponses as Record<string, unknown>;
    const assertion = authenticationResponse(responses.CREDENTIAL);
    if (!assertion)
      return refuseAssertion(id, 'The passkey credential is not a valid AuthenticationResponseJSON.');
    const { userPoolId } = await clientInfo(challenge.clientId);
    const stored: StoredCredential | undefined = store.find(userPoolId, challenge.username, assertion.id);
    if (!stored) return refuseAssertion(id, 'The passkey credential is not registered for this user.');
    let origin: string;
    let authData: ReturnType<typeof parseAuthenticatorData>;
    try {
      ({ origin } = decodeClientDataJSON(assertion.response.clientDataJSON));
      authData = parseAuthenticatorData(isoBase64URL.toBuffer(assertion.response.authenticatorData));
    } catch {
      return refuseAssertion(id, 'The passkey credential is not a valid AuthenticationResponseJSON.');
    }
    // RespondToAuthChallenge lists no WebAuthn exceptions: every failed assertion is NotAuthorizedException.
    if (!originAllowed(origin, rpId) || !sha256(rpId).equals(Buffer.from(authData.rpIdHash))) {
      return refuseAssertion(id, 'The passkey credential does not belong to this relying party.');
    }
    if (uvRequired() && !authData.flags.uv) {
      return refuseAssertion(
        id,
        'The passkey authenticator did not verify the user, which the user pool requires.',
      );
    }
    let newCounter: number;
    try {
      const result = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: challenge.upstreamSession,
        expectedOrigin: origin,
        expectedRPID: rpId,
        requireUserVerification: uvRequired(),
        credential: {
          id: stored.credentialId,
          publicKey: isoBase64URL.toBuffer(stored.publicKey),
          counter: stored.counter,
        },
      });
      if (!result.verified) return refuseAssertion(id, 'The passkey credential could not be verified.');
      newCounter = result.authenticationInfo.newCounter;
    } catch {
      return refuseAssertion(id, 'The passkey credential could not be verified.');
    }
    await store.setCounter(userPoolId, challenge.username, stored.credentialId, newCounter);
    sessions.spend(id);
    // Passkey MFA (a passkey standing for the second factor) is a per-user setting this pool does not
    // turn on (AR, WebAuthnMfaSettingsType): a user with MFA on still gives the authenticator-app code.
    const user = (await findUser(userPoolId, challenge.username)) as
      (UserRecord & { UserMFASettingList?: unknown }) | null;
    const mfaOn =
      Array.isArray(user?.UserMFASettingList) && user.UserMFASettingList.includes('SOFTWARE_TOKEN_MFA');
    if (mfaOn) {
      return deps.mfaChallenge(
        {
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          // cognito-local's own session of the code challenge: it checks none (challenge-sessions.ts).
          Session: randomUUID(),
          ChallengeParameters: { USER_ID_FOR_SRP: challenge.username },
        },
        challenge.clientId,
        challenge.loginName,
      );
    }
    const tokens = await up.call(PASSKEY_TOKENS_TARGET, {
      ClientId: challenge.clientId,
      Username: challenge.username,
    });
    return completeTokens({
      ChallengeParameters: {},
      AuthenticationResult: (tokens as Json).AuthenticationResult,
    });
  };

  return {
    /** InitiateAuth's USER_AUTH flow. */
    userAuth,
    /** Whether RespondToAuthChallenge's challenge is one of ours. */
    answers: (challengeName: unknown) =>
      challengeName === 'SELECT_CHALLENGE' || challengeName === 'WEB_AUTHN',
    respond: (body: Json) =>
      body.ChallengeName === 'WEB_AUTHN' ? answerWebAuthn(body) : answerSelection(body),
    handlers: {
      StartWebAuthnRegistration: startRegistration,
      CompleteWebAuthnRegistration: completeRegistration,
      ListWebAuthnCredentials: listCredentials,
      DeleteWebAuthnCredential: deleteCredential,
      // Only the proxy may ask cognito-local for a user's tokens (passkey-tokens.ts).
      [PASSKEY_TOKENS_TARGET]: () => {
        throw new CognitoError('UnknownOperationException', `Unknown operation ${PASSKEY_TOKENS_TARGET}`);
      },
    } satisfies Record<string, TargetHandler>,
  };
}

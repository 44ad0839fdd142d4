import { randomUUID } from 'node:crypto';
import { CLIENT_SETTINGS } from '../../cdk/lib/user-pool-settings';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL, parseAuthenticatorData } from '@simplewebauthn/server/helpers';
import { SESSION_MESSAGES, type Challenge, type ChallengeSessions } from './challenge-sessions';
import { CognitoError } from './cognito-error';
import type { Json, TargetHandler, UserRecord } from './cognito-rules';
import {
  PASSKEY_TOKENS_TARGET,
  passkeysOn,
  requirePasskeys,
  uvRequired,
  type PasskeyPoolSettings,
} from './passkey-settings';
import type { ProxyContext } from './proxy-context';
import { runPreAuthentication } from './proxy-triggers';
import { authenticationResponse, isObject, madeForRp, originAllowed } from './webauthn-checks';
import type { StoredCredential, WebAuthnCredentials } from './webauthn-credentials';

// Choice-based sign-in as Cognito answers it: InitiateAuth with USER_AUTH, the SELECT_CHALLENGE and
// WEB_AUTHN challenges of RespondToAuthChallenge. A passkey is offered only to a user who has one, so
// nobody is left on its prompt; the password choice is the proxy's password sign-in
// (session-operations.ts) with its triggers, MFA challenge and error names. A verified assertion gets
// its tokens from cognito-local itself (passkey-tokens.ts), so they refresh and carry auth_time as a
// password sign-in's do.

export interface PasskeySignInDeps {
  settings: PasskeyPoolSettings;
  store: WebAuthnCredentials;
  sessions: ChallengeSessions;
  /** The proxy's password sign-in (InitiateAuth with USER_PASSWORD_AUTH), which USER_AUTH's PASSWORD runs. */
  passwordSignIn: TargetHandler;
  /**
   * Opens the authenticator-app challenge (software-token-mfa.ts's `challenged`): a user with MFA on
   * answers it after the passkey, as after the password.
   */
  mfaChallenge: (result: Json, clientId: string, loginName: string) => Json;
}

export function passkeySignIn(ctx: ProxyContext, deps: PasskeySignInDeps) {
  const { up, clientInfo, findUser, completeTokens, unknownUser } = ctx;
  const { settings, store, sessions } = deps;

  /** The WEB_AUTHN challenge for a user who has passkeys: what the browser's passkey prompt takes. */
  const webAuthnChallenge = async (
    clientId: string,
    user: UserRecord,
    loginName: string,
    poolId: string,
  ): Promise<Json> => {
    const rpId = requirePasskeys(settings);
    const options = await generateAuthenticationOptions({
      rpID: rpId,
      allowCredentials: store.list(poolId, user.Username).map((c) => ({
        id: c.credentialId,
        transports: c.transports as NonNullable<
          Parameters<typeof generateAuthenticationOptions>[0]['allowCredentials']
        >[number]['transports'],
      })),
      userVerification: uvRequired(settings) ? 'required' : 'preferred',
      // The prompt lasts as long as the session that takes its answer.
      timeout: CLIENT_SETTINGS.authSessionValidityMinutes * 60_000,
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
    ...(user && passkeysOn(settings) && store.list(poolId, user.Username).length > 0 ? ['WEB_AUTHN'] : []),
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
    const rpId = requirePasskeys(settings);
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
    if (!originAllowed(origin, rpId) || !madeForRp(authData.rpIdHash, rpId)) {
      return refuseAssertion(id, 'The passkey credential does not belong to this relying party.');
    }
    if (uvRequired(settings) && !authData.flags.uv) {
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
        requireUserVerification: uvRequired(settings),
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
  };
}

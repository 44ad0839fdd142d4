import { ChallengeSessions, SESSION_MESSAGES, type ChallengeSessionOptions } from './challenge-sessions';
import { CognitoError } from './cognito-error';
import type { Json, TargetHandler } from './cognito-rules';

// Authenticator-app (TOTP) MFA as Cognito answers it. cognito-local 5.3 stores the secret and checks
// codes with otplib (SHA-1, 6 digits, 30 s steps, one step either side); the proxy adds what differs
// from Cognito:
// - challenge sessions bound to the user and client, expiring, single use (challenge-sessions.ts);
// - VerifySoftwareToken registers the token without turning MFA on (SetUserMFAPreference does), and a
//   wrong code there is EnableSoftwareTokenMFAException; a wrong code in the sign-in challenge is
//   CodeMismatchException "Invalid code received for user";
// - the pool must allow TOTP (SoftwareTokenMFANotFoundException otherwise);
// - GetUser/AdminGetUser leave out an empty UserMFASettingList, as Cognito does.

export interface SoftwareTokenMfaDeps {
  /** A call to cognito-local. */
  call: <T = Json>(target: string, body: Json) => Promise<T>;
  /** Verifies an access token as Cognito would; its claims. */
  verifyAccessToken: (token: unknown) => Promise<{ username: string; iss?: string }>;
  /** Records the tokens of an AuthenticationResult (revocation bookkeeping) and completes it. */
  completeTokens: (result: Json) => Json;
  sessions?: ChallengeSessionOptions;
}

const WRONG_SETUP_CODE = 'Code mismatch and fail enable Software Token MFA';
const WRONG_SIGN_IN_CODE = 'Invalid code received for user';

type ChallengeResult = Json & { ChallengeName?: string; Session?: string; ChallengeParameters?: Json };

const poolOf = (iss: string | undefined) => (iss ?? '').split('/').pop() ?? '';
const mfaList = (user: Json): string[] =>
  Array.isArray(user.UserMFASettingList) ? user.UserMFASettingList.map(String) : [];

/** Cognito leaves UserMFASettingList out when no MFA is on; cognito-local answers []. */
function withoutEmptyMfaList(user: Json): Json {
  if (Array.isArray(user.UserMFASettingList) && user.UserMFASettingList.length === 0) {
    const { UserMFASettingList: _none, ...rest } = user;
    return rest;
  }
  return user;
}

export function softwareTokenMfa(deps: SoftwareTokenMfaDeps) {
  const sessions = new ChallengeSessions(deps.sessions);

  const requirePoolTotp = async (poolId: string): Promise<void> => {
    const config = await deps.call<{ SoftwareTokenMfaConfiguration?: { Enabled?: boolean } }>(
      'GetUserPoolMfaConfig',
      { UserPoolId: poolId },
    );
    if (!config.SoftwareTokenMfaConfiguration?.Enabled) {
      throw new CognitoError(
        'SoftwareTokenMFANotFoundException',
        'Software Token MFA has not been enabled by the userPool.',
      );
    }
  };

  /** Swaps cognito-local's session of a challenge answer for one of ours. */
  const challenged = (result: ChallengeResult, clientId: string, loginName: string): Json => {
    if (!result.ChallengeName || typeof result.Session !== 'string') return result;
    const username = String(result.ChallengeParameters?.USER_ID_FOR_SRP ?? loginName);
    const session = sessions.open({
      username,
      loginName,
      clientId,
      challengeName: result.ChallengeName,
      upstreamSession: result.Session,
    });
    return { ...result, Session: session };
  };

  const respondToAuthChallenge: TargetHandler = async (body) => {
    const clientId = typeof body.ClientId === 'string' ? body.ClientId : '';
    const checked = sessions.check(body.Session);
    if ('problem' in checked) {
      throw new CognitoError('NotAuthorizedException', SESSION_MESSAGES[checked.problem]);
    }
    const { challenge } = checked;
    const sessionId = String(body.Session);
    const responses = (body.ChallengeResponses ?? {}) as Record<string, unknown>;
    const named = String(responses.USERNAME ?? '').toLowerCase();
    if (
      challenge.clientId !== clientId ||
      challenge.challengeName !== body.ChallengeName ||
      (named !== challenge.username.toLowerCase() && named !== challenge.loginName.toLowerCase())
    ) {
      throw new CognitoError('NotAuthorizedException', SESSION_MESSAGES.unknown);
    }
    let result: ChallengeResult;
    try {
      result = await deps.call<ChallengeResult>('RespondToAuthChallenge', {
        ...body,
        Session: challenge.upstreamSession,
        ChallengeResponses: { ...responses, USERNAME: challenge.username },
      });
    } catch (error) {
      if (error instanceof CognitoError && error.type === 'CodeMismatchException') {
        sessions.wrongAnswer(sessionId);
        throw new CognitoError('CodeMismatchException', WRONG_SIGN_IN_CODE);
      }
      throw error;
    }
    sessions.spend(sessionId);
    if (result.AuthenticationResult) return deps.completeTokens(result);
    return challenged(result, clientId, challenge.loginName);
  };

  const associateSoftwareToken: TargetHandler = async (body) => {
    if (body.AccessToken === undefined) {
      // Our pool never asks for MFA setup during sign-in (MFA is optional), so no session flow.
      throw new CognitoError('InvalidParameterException', 'AccessToken is required');
    }
    const token = await deps.verifyAccessToken(body.AccessToken);
    await requirePoolTotp(poolOf(token.iss));
    const { SecretCode } = await deps.call<{ SecretCode?: string }>('AssociateSoftwareToken', {
      AccessToken: body.AccessToken,
    });
    return { SecretCode };
  };

  const verifySoftwareToken: TargetHandler = async (body) => {
    const code = body.UserCode;
    if (typeof code !== 'string' || !/^[0-9]{6}$/.test(code)) {
      throw new CognitoError(
        'InvalidParameterException',
        "1 validation error detected: Value at 'userCode' failed to satisfy constraint: Member must satisfy regular expression pattern: [0-9]+ and have length 6",
      );
    }
    if (body.AccessToken === undefined) {
      throw new CognitoError('InvalidParameterException', 'AccessToken is required');
    }
    const token = await deps.verifyAccessToken(body.AccessToken);
    await requirePoolTotp(poolOf(token.iss));
    const before = await deps.call<Json>('GetUser', { AccessToken: body.AccessToken });
    try {
      await deps.call('VerifySoftwareToken', {
        AccessToken: body.AccessToken,
        UserCode: code,
        FriendlyDeviceName: body.FriendlyDeviceName,
      });
    } catch (error) {
      if (error instanceof CognitoError && error.type === 'CodeMismatchException') {
        throw new CognitoError('EnableSoftwareTokenMFAException', WRONG_SETUP_CODE);
      }
      throw error;
    }
    // cognito-local turns MFA on here; Cognito only registers the token (SetUserMFAPreference turns it on).
    if (!mfaList(before).includes('SOFTWARE_TOKEN_MFA')) {
      await deps.call('SetUserMFAPreference', {
        AccessToken: body.AccessToken,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      });
    }
    return { Status: 'SUCCESS' };
  };

  const setUserMfaPreference: TargetHandler = async (body) => {
    const token = await deps.verifyAccessToken(body.AccessToken);
    const settings = body.SoftwareTokenMfaSettings as { Enabled?: boolean } | undefined;
    if (settings?.Enabled) await requirePoolTotp(poolOf(token.iss));
    try {
      return await deps.call('SetUserMFAPreference', body);
    } catch (error) {
      if (error instanceof CognitoError && /not verified software token/i.test(error.message)) {
        throw new CognitoError('InvalidParameterException', 'User has not verified software token mfa');
      }
      throw error;
    }
  };

  const getUser: TargetHandler = async (body) => {
    await deps.verifyAccessToken(body.AccessToken);
    return withoutEmptyMfaList(await deps.call('GetUser', body));
  };

  return {
    /** Call on every InitiateAuth answer: a challenge gets one of our sessions. */
    challenged,
    handlers: {
      RespondToAuthChallenge: respondToAuthChallenge,
      AssociateSoftwareToken: associateSoftwareToken,
      VerifySoftwareToken: verifySoftwareToken,
      SetUserMFAPreference: setUserMfaPreference,
      GetUser: getUser,
      AdminGetUser: async (body: Json) => withoutEmptyMfaList(await deps.call('AdminGetUser', body)),
    } satisfies Record<string, TargetHandler>,
  };
}

import { decodeJwt } from '../jwt';
import { keepAuthTime } from './auth-time';
import { CognitoError } from './cognito-error';
import { LOGIN_FAILED, rename, str, type Json, type TargetHandler } from './cognito-rules';
import type { ProxyContext } from './proxy-context';
import { runPreAuthentication } from './proxy-triggers';
import type { softwareTokenMfa } from './software-token-mfa';

/** Signing in, refreshing tokens and signing out (one session or all of a user's). */
export function sessionOperations(
  ctx: ProxyContext,
  mfa: ReturnType<typeof softwareTokenMfa>,
): Record<string, TargetHandler> {
  const {
    opts,
    up,
    revocations,
    resetRequired,
    clientInfo,
    findUser,
    checkRefreshToken,
    completeTokens,
    verifyAccessToken,
  } = ctx;
  /** Cognito runs PreAuthentication for a sign-in of a user it knows, before the password is checked. */
  const preAuthenticate = async (body: Json): Promise<void> => {
    const trigger = opts.preAuthentication;
    const username = (body.AuthParameters as Record<string, unknown> | undefined)?.USERNAME;
    if (!trigger || typeof username !== 'string') return;
    const { userPoolId } = await clientInfo(str(body, 'ClientId'));
    const user = await findUser(userPoolId, username);
    if (user) await runPreAuthentication(trigger, body, user, userPoolId);
  };
  /** A user whose password was reset by an administrator cannot sign in with any password. */
  const refuseResetRequired = async (body: Json): Promise<void> => {
    if (resetRequired.size() === 0) return;
    const username = (body.AuthParameters as Record<string, unknown> | undefined)?.USERNAME;
    if (typeof username !== 'string') return;
    const user = await findUser((await clientInfo(str(body, 'ClientId'))).userPoolId, username);
    if (user && resetRequired.has(user.Username)) {
      throw new CognitoError('PasswordResetRequiredException', 'Password reset required for the user');
    }
  };
  return {
    InitiateAuth: async (body) => {
      const flow = body.AuthFlow;
      const refreshToken = (body.AuthParameters as Record<string, unknown> | undefined)?.REFRESH_TOKEN;
      const refreshing = flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN';
      if (refreshing) checkRefreshToken(refreshToken);
      if (flow === 'USER_PASSWORD_AUTH') {
        await refuseResetRequired(body);
        await preAuthenticate(body);
      }
      try {
        const answer = await up.call('InitiateAuth', body);
        if (refreshing) await keepAuthTime(answer, String(refreshToken), ctx.signingKey);
        const result = completeTokens(answer);
        const login = (body.AuthParameters as Record<string, unknown> | undefined)?.USERNAME;
        return mfa.challenged(result, String(body.ClientId ?? ''), String(login ?? ''));
      } catch (error) {
        if (flow !== 'USER_PASSWORD_AUTH') throw error;
        // Cognito never says whether the user or the password was wrong.
        return rename(
          error,
          ['InvalidPasswordException', 'NotAuthorizedException', 'UserNotFoundException'],
          'NotAuthorizedException',
          LOGIN_FAILED,
        );
      }
    },
    GetTokensFromRefreshToken: async (body) => {
      const refreshToken = str(body, 'RefreshToken');
      checkRefreshToken(refreshToken);
      let result: Json;
      try {
        result = await up.call('InitiateAuth', {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: body.ClientId,
          AuthParameters: { REFRESH_TOKEN: refreshToken },
          ClientMetadata: body.ClientMetadata,
        });
      } catch (error) {
        return rename(error, ['NotAuthorizedException'], 'NotAuthorizedException', 'Invalid Refresh Token');
      }
      await keepAuthTime(result, refreshToken, ctx.signingKey);
      // No refresh-token rotation on our client, so (as Cognito) no new RefreshToken comes back.
      return completeTokens({ AuthenticationResult: result.AuthenticationResult });
    },
    GlobalSignOut: async (body) => {
      const { username } = await verifyAccessToken(body.AccessToken);
      await revocations.revokeUser(username);
      return {};
    },
    AdminUserGlobalSignOut: async (body) => {
      const user = await findUser(str(body, 'UserPoolId'), str(body, 'Username'));
      if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
      await revocations.revokeUser(user.Username);
      return {};
    },
    RevokeToken: async (body) => {
      const token = str(body, 'Token');
      let jti: string | undefined;
      try {
        jti = decodeJwt(token).payload.jti;
      } catch {
        throw new CognitoError('UnsupportedTokenTypeException', 'The token type is not supported.');
      }
      await up.call('RevokeToken', body).catch(() => undefined);
      if (jti) await revocations.revokeToken(jti);
      return {};
    },
  };
}

import { CognitoError } from './cognito-error';
import {
  attr,
  checkPassword,
  CODE_MISMATCH,
  emailDelivery,
  LOGIN_FAILED,
  maskDeliveries,
  rename,
  str,
  type Json,
  type TargetHandler,
} from './cognito-rules';
import type { ProxyContext } from './proxy-context';

/** Forgotten, reset, changed and administrator-set passwords, each held to the pool's password policy. */
export function passwordOperations(ctx: ProxyContext): Record<string, TargetHandler> {
  const { up, resetRequired, clientInfo, passwordPolicy, findUser, unknownUser, verifyAccessToken } = ctx;
  return {
    ForgotPassword: async (body) => {
      const info = await clientInfo(str(body, 'ClientId'));
      const username = str(body, 'Username');
      const user = await findUser(info.userPoolId, username);
      if (!user) return unknownUser(info, () => ({ CodeDeliveryDetails: emailDelivery(username) }));
      if (attr(user, 'email_verified') !== 'true') {
        throw new CognitoError(
          'InvalidParameterException',
          'Cannot reset password for the user as there is no registered/verified email or phone_number',
        );
      }
      return maskDeliveries(await up.call('ForgotPassword', body));
    },
    AdminResetUserPassword: async (body) => {
      const poolId = str(body, 'UserPoolId');
      const user = await findUser(poolId, str(body, 'Username'));
      if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
      if (attr(user, 'email_verified') !== 'true') {
        throw new CognitoError(
          'InvalidParameterException',
          'Cannot reset password for the user as there is no registered/verified email or phone_number',
        );
      }
      // cognito-local issues a reset code only through ForgotPassword, which stores it where
      // ConfirmForgotPassword looks and mails it through the CustomMessage trigger
      // (CustomMessage_ForgotPassword), as Cognito does for this call.
      const { UserPoolClients = [] } = await up.call<{ UserPoolClients?: { ClientId: string }[] }>(
        'ListUserPoolClients',
        { UserPoolId: poolId },
      );
      const clientId = UserPoolClients[0]?.ClientId;
      if (!clientId) throw new CognitoError('InvalidParameterException', 'The user pool has no app client.');
      await up.call('ForgotPassword', {
        ClientId: clientId,
        Username: user.Username,
        ClientMetadata: body.ClientMetadata,
      });
      await resetRequired.set(user.Username, true);
      return {};
    },
    ConfirmForgotPassword: async (body) => {
      const info = await clientInfo(str(body, 'ClientId'));
      checkPassword(body.Password, await passwordPolicy(info.userPoolId));
      const user = await findUser(info.userPoolId, str(body, 'Username'));
      if (!user) {
        if (info.preventUserExistenceErrors) throw new CognitoError('CodeMismatchException', CODE_MISMATCH);
        throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
      }
      // An unconfirmed user's stored code is a sign-up code, not a reset code.
      if (user.UserStatus === 'UNCONFIRMED') throw new CognitoError('CodeMismatchException', CODE_MISMATCH);
      let result: Json;
      try {
        result = await up.call('ConfirmForgotPassword', body);
      } catch (error) {
        return rename(error, ['CodeMismatchException'], 'CodeMismatchException', CODE_MISMATCH);
      }
      await resetRequired.set(user.Username, false);
      return result;
    },
    ChangePassword: async (body) => {
      const token = await verifyAccessToken(body.AccessToken);
      checkPassword(body.ProposedPassword, await passwordPolicy(String(token.iss).split('/').pop() ?? ''));
      try {
        return await up.call('ChangePassword', body);
      } catch (error) {
        return rename(error, ['InvalidPasswordException'], 'NotAuthorizedException', LOGIN_FAILED);
      }
    },
    AdminSetUserPassword: async (body) => {
      checkPassword(body.Password, await passwordPolicy(str(body, 'UserPoolId')));
      const result = await up.call('AdminSetUserPassword', body);
      const user = await findUser(str(body, 'UserPoolId'), str(body, 'Username'));
      if (user && body.Permanent === true) await resetRequired.set(user.Username, false);
      return result;
    },
    AdminCreateUser: async (body) => {
      if (body.TemporaryPassword !== undefined)
        checkPassword(body.TemporaryPassword, await passwordPolicy(str(body, 'UserPoolId')));
      return up.call('AdminCreateUser', body);
    },
  };
}

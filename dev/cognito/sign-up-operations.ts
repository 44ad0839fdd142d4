import { RESEND_MARKER } from '../lambda-invoke';
import { CognitoError } from './cognito-error';
import {
  attr,
  attributeNames,
  checkPassword,
  checkWritable,
  CODE_MISMATCH,
  emailDelivery,
  maskDeliveries,
  rename,
  str,
  type TargetHandler,
} from './cognito-rules';
import type { ProxyContext } from './proxy-context';
import { runPreSignUp } from './proxy-triggers';

/** Signing up: SignUp with the password policy, the PreSignUp trigger and the writable attributes; confirming it. */
export function signUpOperations(ctx: ProxyContext): Record<string, TargetHandler> {
  const { opts, up, clientInfo, passwordPolicy, findUser, unknownUser } = ctx;
  return {
    SignUp: async (body) => {
      const info = await clientInfo(str(body, 'ClientId'));
      checkPassword(body.Password, await passwordPolicy(info.userPoolId));
      checkWritable(info, attributeNames(body, 'UserAttributes'));
      if (opts.preSignUp) await runPreSignUp(opts.preSignUp, body, info.userPoolId);
      try {
        return maskDeliveries(await up.call('SignUp', body));
      } catch (error) {
        return rename(
          error,
          ['UsernameExistsException'],
          'UsernameExistsException',
          'An account with the given email already exists.',
        );
      }
    },
    ConfirmSignUp: async (body) => {
      const info = await clientInfo(str(body, 'ClientId'));
      const user = await findUser(info.userPoolId, str(body, 'Username'));
      if (!user) {
        if (info.preventUserExistenceErrors) throw new CognitoError('CodeMismatchException', CODE_MISMATCH);
        throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
      }
      if (user.UserStatus === 'CONFIRMED') {
        throw new CognitoError(
          'NotAuthorizedException',
          'User cannot be confirmed. Current status is CONFIRMED',
        );
      }
      try {
        await up.call('ConfirmSignUp', body);
      } catch (error) {
        rename(error, ['CodeMismatchException'], 'CodeMismatchException', CODE_MISMATCH);
      }
      // Confirming sign-up proves the email address, so Cognito marks it verified; cognito-local does not.
      await up.call('AdminUpdateUserAttributes', {
        UserPoolId: info.userPoolId,
        Username: user.Username,
        UserAttributes: [
          { Name: 'email', Value: attr(user, 'email') },
          { Name: 'email_verified', Value: 'true' },
        ],
      });
      return {};
    },
    ResendConfirmationCode: async (body) => {
      const info = await clientInfo(str(body, 'ClientId'));
      const username = str(body, 'Username');
      const user = await findUser(info.userPoolId, username);
      if (!user) return unknownUser(info, () => ({ CodeDeliveryDetails: emailDelivery(username) }));
      if (user.UserStatus === 'CONFIRMED')
        throw new CognitoError('InvalidParameterException', 'User is already confirmed.');
      // cognito-local has no way to issue a new sign-up code but ForgotPassword, which stores a fresh
      // ConfirmationCode (the one ConfirmSignUp checks); the marker makes the Lambda endpoint present
      // the message to our CustomMessage handler as CustomMessage_ResendCode.
      const metadata = {
        ...((body.ClientMetadata as Record<string, string> | undefined) ?? {}),
        [RESEND_MARKER]: 'true',
      };
      const result = await up.call('ForgotPassword', {
        ClientId: body.ClientId,
        Username: username,
        ClientMetadata: metadata,
      });
      return maskDeliveries(result);
    },
  };
}

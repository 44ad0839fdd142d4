import { NEW_EMAIL_MARKER } from '../lambda-invoke';
import { CognitoError } from './cognito-error';
import {
  attr,
  attributeNames,
  checkWritable,
  CODE_MISMATCH,
  maskDeliveries,
  rename,
  str,
  type Json,
  type TargetHandler,
  foldCase,
  type UserRecord,
} from './cognito-rules';
import type { ProxyContext } from './proxy-context';

/** Reading, writing and verifying a user's attributes, and deleting the user. */
export function attributeOperations(ctx: ProxyContext): Record<string, TargetHandler> {
  const { up, clientInfo, findUser, verifyAccessToken } = ctx;
  /**
   * AdminUpdateUserAttributes with email_verified but no email: Cognito marks the user's current
   * email (un)verified and sends nothing; cognito-local refuses ("Email is required to
   * verify/un-verify an email"). 'true' goes up with the current email added (unchanged, so no code
   * is mailed). 'false' cannot: cognito-local would mail a verification code Cognito does not send,
   * so the other attributes go up alone and email_verified is deleted, which every reader (GetUser's
   * absent attribute, the ID token's email_verified: false) takes as unverified.
   */
  const setEmailVerified = async (
    body: Json,
    attributes: { Name: string; Value?: string }[],
    verified: boolean,
  ): Promise<Json> => {
    const user = await findUser(str(body, 'UserPoolId'), str(body, 'Username'));
    const email = user && attr(user, 'email');
    // No user, or no email to verify: cognito-local's own answer.
    if (!user || !email) return up.call('AdminUpdateUserAttributes', body);
    if (verified) {
      return up.call('AdminUpdateUserAttributes', {
        ...body,
        UserAttributes: [...attributes, { Name: 'email', Value: email }],
      });
    }
    const others = attributes.filter((a) => a.Name !== 'email_verified');
    if (others.length) await up.call('AdminUpdateUserAttributes', { ...body, UserAttributes: others });
    await up.call('AdminDeleteUserAttributes', {
      UserPoolId: body.UserPoolId,
      Username: user.Username,
      UserAttributeNames: ['email_verified'],
    });
    return {};
  };
  const adminUpdateUserAttributes = async (body: Json): Promise<Json> => {
    const attributes = (body.UserAttributes as { Name: string; Value?: string }[] | undefined) ?? [];
    const email = attributes.find((a) => a.Name === 'email')?.Value;
    const verifiedAttribute = attributes.find((a) => a.Name === 'email_verified');
    const verified = verifiedAttribute?.Value === 'true';
    if (verifiedAttribute && !attributes.some((a) => a.Name === 'email')) {
      return setEmailVerified(body, attributes, verified);
    }
    if (email && verified) await refuseVerifiedElsewhere(body, email);
    if (!email || verified) return up.call('AdminUpdateUserAttributes', body);
    // cognito-local mails the code to the old address; this marker lets the Lambda endpoint
    // address it (and the CustomMessage event) to the new one, as Cognito does.
    const metadata = {
      ...((body.ClientMetadata as Record<string, string> | undefined) ?? {}),
      [NEW_EMAIL_MARKER]: email,
    };
    return up.call('AdminUpdateUserAttributes', { ...body, ClientMetadata: metadata });
  };
  /**
   * Email is the pool's username: Cognito never lets two users hold one verified address (AWS answers
   * AliasExistsException); cognito-local writes it anyway.
   */
  const refuseVerifiedElsewhere = async (body: Json, email: string): Promise<void> => {
    const poolId = str(body, 'UserPoolId');
    const self = await findUser(poolId, str(body, 'Username'));
    const { Users = [] } = await up.call<{ Users?: UserRecord[] }>('ListUsers', {
      UserPoolId: poolId,
      Filter: `email = "${foldCase(email).replace(/["\\]/g, '')}"`,
    });
    const taken = Users.some(
      (u) =>
        u.Username !== self?.Username &&
        foldCase(attr(u, 'email') ?? '') === foldCase(email) &&
        attr(u, 'email_verified') === 'true',
    );
    if (taken)
      throw new CognitoError('AliasExistsException', 'An account with the given email already exists.');
  };
  /** The sub CloudTrail names for an audited call (the token's user, or the user the call names). */
  const withAccessToken =
    (target: string, after: (r: Json) => Json = (r) => r): TargetHandler =>
    async (body) => {
      await verifyAccessToken(body.AccessToken);
      return after(await up.call(target, body));
    };
  /** A call that writes the user's own attributes: the token's app client must be allowed to. */
  const writingAttributes =
    (target: string, key: 'UserAttributes' | 'UserAttributeNames'): TargetHandler =>
    async (body) => {
      const token = await verifyAccessToken(body.AccessToken);
      checkWritable(await clientInfo(String(token.client_id ?? '')), attributeNames(body, key));
      return maskDeliveries(await up.call(target, body));
    };
  return {
    AdminUpdateUserAttributes: (body) =>
      // For an unknown user cognito-local answers NotAuthorizedException; Cognito UserNotFoundException.
      adminUpdateUserAttributes(body).catch((error: unknown) =>
        rename(error, ['NotAuthorizedException'], 'UserNotFoundException', 'User does not exist.'),
      ),
    DeleteUserAttributes: writingAttributes('DeleteUserAttributes', 'UserAttributeNames'),
    UpdateUserAttributes: writingAttributes('UpdateUserAttributes', 'UserAttributes'),
    GetUserAttributeVerificationCode: withAccessToken('GetUserAttributeVerificationCode', maskDeliveries),
    VerifyUserAttribute: async (body) => {
      await verifyAccessToken(body.AccessToken);
      try {
        return await up.call('VerifyUserAttribute', body);
      } catch (error) {
        return rename(error, ['CodeMismatchException'], 'CodeMismatchException', CODE_MISMATCH);
      }
    },
  };
}

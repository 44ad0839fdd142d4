// Runs inside the cognito-local child (cognito-local-main.ts): AdminSetUserMFAPreference, which
// cognito-local 5.3 lacks, on its own user store, with the rules of its SetUserMFAPreference. Support
// uses it to turn two-factor sign-in off for a user who lost their phone (docs/accounts-and-security.md, "A lost phone").
import { InvalidParameterError, UserNotFoundError } from 'cognito-local/lib/errors';
import type { CognitoService } from 'cognito-local/lib/services/cognitoService';
import type { Context } from 'cognito-local/lib/services/context';
import { Targets } from 'cognito-local/lib/targets/targets';

interface MfaSettings {
  Enabled?: boolean;
  PreferredMfa?: boolean;
}
interface AdminSetUserMfaPreferenceRequest {
  UserPoolId: string;
  Username: string;
  SoftwareTokenMfaSettings?: MfaSettings;
}

const TOTP = 'SOFTWARE_TOKEN_MFA';

const AdminSetUserMFAPreference =
  ({ cognito }: { cognito: CognitoService }) =>
  async (ctx: Context, req: AdminSetUserMfaPreferenceRequest): Promise<Record<string, never>> => {
    if (!req.UserPoolId || !req.Username) {
      throw new InvalidParameterError('Missing required parameter UserPoolId or Username');
    }
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    const totp = req.SoftwareTokenMfaSettings;
    if (totp?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) {
      throw new InvalidParameterError('User has not verified software token mfa');
    }
    const methods = new Set(user.UserMFASettingList ?? []);
    if (totp?.Enabled) methods.add(TOTP);
    else if (totp) methods.delete(TOTP);
    let preferred = user.PreferredMfaSetting;
    if (totp?.PreferredMfa && methods.has(TOTP)) preferred = TOTP;
    else if (preferred && !methods.has(preferred)) preferred = undefined;
    await userPool.saveUser(ctx, {
      ...user,
      UserMFASettingList: [...methods],
      PreferredMfaSetting: preferred,
    });
    return {};
  };

Object.assign(Targets, { AdminSetUserMFAPreference });

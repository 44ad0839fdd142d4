// Runs inside the cognito-local child (cognito-local-main.ts). cognito-local 5.3 has no passkeys, so
// it cannot finish a passkey sign-in; the proxy verifies the assertion (passkey-operations.ts) and then
// asks here for the user's tokens, made by cognito-local's own token generator (PreTokenGeneration
// included) and with the refresh token stored, so they refresh as a password sign-in's do. Only the
// proxy reaches this target (internal-only.ts); the proxy refuses it from clients (PASSKEY_TOKENS_TARGET).
import { InvalidParameterError, NotAuthorizedError, ResourceNotFoundError } from 'cognito-local/lib/errors';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import { Targets } from 'cognito-local/lib/targets/targets';
import { PASSKEY_TOKENS_TARGET } from './passkey-settings';

interface PasskeyTokensRequest {
  ClientId?: string;
  Username?: string;
}

const issuePasskeyTokens =
  (services: Services) =>
  async (ctx: Context, req: PasskeyTokensRequest): Promise<{ AuthenticationResult: unknown }> => {
    if (!req.ClientId || !req.Username) throw new InvalidParameterError('ClientId and Username are required');
    const client = await services.cognito.getAppClient(ctx, req.ClientId);
    if (!client) throw new ResourceNotFoundError('User pool client does not exist.');
    const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user || user.UserStatus !== 'CONFIRMED' || user.Enabled === false) throw new NotAuthorizedError();
    const groups = await userPool.listUserGroupMembership(ctx, user);
    const tokens = await services.tokenGenerator.generate(
      ctx,
      user,
      groups,
      client,
      undefined,
      'Authentication',
    );
    await userPool.storeRefreshToken(ctx, tokens.RefreshToken, user);
    return { AuthenticationResult: tokens };
  };

Object.assign(Targets, { [PASSKEY_TOKENS_TARGET]: issuePasskeyTokens });

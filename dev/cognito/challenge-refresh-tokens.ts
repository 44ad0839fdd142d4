// Runs inside the cognito-local child (cognito-local-main.ts). cognito-local 5.3 stores the refresh
// token of a password sign-in (so REFRESH_TOKEN_AUTH finds its user) but not the one a completed
// challenge (the MFA code) hands out, so a user with two-factor sign-in could never refresh ("User
// not authorized"); Cognito refreshes either. This stores it too.
import type { CognitoService } from 'cognito-local/lib/services/cognitoService';
import type { Context } from 'cognito-local/lib/services/context';
import { Targets } from 'cognito-local/lib/targets/targets';

interface ChallengeAnswer {
  ClientId: string;
  ChallengeResponses?: { USERNAME?: string };
}
interface ChallengeResult {
  AuthenticationResult?: { RefreshToken?: string };
}
type Target = (services: {
  cognito: CognitoService;
}) => (ctx: Context, req: ChallengeAnswer) => Promise<ChallengeResult>;

const original = Targets.RespondToAuthChallenge as unknown as Target;

const RespondToAuthChallenge: Target = (services) => {
  const respond = original(services);
  return async (ctx, req) => {
    const result = await respond(ctx, req);
    const refreshToken = result.AuthenticationResult?.RefreshToken;
    const username = req.ChallengeResponses?.USERNAME;
    if (refreshToken && username) {
      const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await userPool.getUserByUsername(ctx, username);
      if (user) await userPool.storeRefreshToken(ctx, refreshToken, user);
    }
    return result;
  };
};

Object.assign(Targets, { RespondToAuthChallenge });

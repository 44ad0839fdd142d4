import path from 'node:path';
import { createApiHandler } from '../dev/api-server';
import { handlerEnv, localHandlerCredentials, readLocalSecrets } from '../dev/local-stack';
import { localSecurityHeaders, startSiteServer } from '../dev/site-server';
import { MACHINE_LIMIT_ENV } from '../src/lib/machine-limit';
import { stackInfo } from './account-helpers';
import { PUBLIC_DIR } from './site';

// A second front door to the running stack, as another deployment of the same build would be: the
// built site and /api on an origin of its own, whose handlers have their own settings (here a machine
// limit), over the same Cognito, Stripe and DynamoDB. The site's pages reach Cognito and /api exactly
// as on the main origin, so a browser journey can run against either.

export interface SecondFront {
  url: string;
  stop(): Promise<void>;
}

export async function startSecondFront(settings: { machineLimit: number }): Promise<SecondFront> {
  const info = await stackInfo();
  const dir = process.env.E2E_STACK_DIR ?? '';
  const issuer = `${info.cognitoEndpoint}/${info.userPoolId}`;
  const api = createApiHandler({
    jwt: { issuer, jwksUrl: `${issuer}/.well-known/jwks.json`, audience: info.clientId },
    env: { ...handlerEnv(info), [MACHINE_LIMIT_ENV]: String(settings.machineLimit) },
    credentials: localHandlerCredentials(await readLocalSecrets(dir)),
  });
  const server = await startSiteServer({
    root: path.resolve(PUBLIC_DIR),
    api,
    securityHeaders: localSecurityHeaders({
      stripeJs: info.stripeJs,
      stripeApi: info.stripeApi,
      cognito: info.cognitoEndpoint,
    }),
  });
  return {
    url: server.url,
    stop: async () => {
      await api.idle();
      await api.close();
      await server.stop();
    },
  };
}

import {
  arnsFromNames,
  mailDomainOf,
  permissionsFor,
  policyStatements,
  TRIGGER_PERMISSIONS,
  triggerStatements,
  type TriggerName,
} from '../../cdk/lib/handler-permissions';
import { routes } from '../../lambdas/routes';
import { schedules } from '../../lambdas/schedules';
import {
  adminPrincipal,
  deriveCredentials,
  handlerPrincipal,
  LOCAL_ACCOUNT,
  LOCAL_REGION,
  type Credentials,
  type Principal,
} from './policy';

// The principals of a local stack: its admin, one per handler of lambdas/routes.ts, per job of
// lambdas/schedules.ts and per Cognito trigger that calls AWS, each with the statements CDK gives its
// role (cdk/lib/handler-permissions.ts), on the stack's resources.

export interface StackResources {
  tableName: string;
  userPoolId: string;
  stripeSecretArn: string;
  licenseSigningKeyArn: string;
  /** MAIL_FROM: its domain is the SES identity the mail-sending handlers may send as. */
  mailFrom: string;
}

export const handlerNames = (): string[] => [...new Set(routes.map((r) => r.handler))];
/** The scheduled jobs (lambdas/schedules.ts): each has a role of its own too. */
const jobNames = (): string[] => schedules.map((j) => j.name);

export function stackPrincipals(seed: string, r: StackResources): Principal[] {
  const arns = arnsFromNames(
    { region: LOCAL_REGION, account: LOCAL_ACCOUNT },
    {
      tableName: r.tableName,
      userPoolId: r.userPoolId,
      secrets: { stripe: r.stripeSecretArn, signingKey: r.licenseSigningKeyArn },
      sesIdentity: mailDomainOf(r.mailFrom),
    },
  );
  return [
    adminPrincipal(seed),
    ...[...handlerNames(), ...jobNames()].map((h) =>
      handlerPrincipal(seed, h, policyStatements(permissionsFor(h).permissions, arns)),
    ),
    ...(Object.keys(TRIGGER_PERMISSIONS) as TriggerName[]).map((t) =>
      handlerPrincipal(seed, t, triggerStatements(t, arns)),
    ),
  ];
}

/** Each handler's own keys (its Lambda role's), for the API server to put in that handler's env. */
export const handlerCredentials =
  (seed: string) =>
  (handler: string): Credentials =>
    deriveCredentials(seed, handler);

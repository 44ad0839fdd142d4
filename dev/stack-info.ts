import { readFile } from 'node:fs/promises';
import path from 'node:path';

// What .local/stack.json holds: every URL and id the local stack chose, so scripts and tests never guess.

export interface StackInfo {
  /** The site with /api on the same origin; null when started without the site. */
  site: string | null;
  /** Base URL of the API (ends in /api). */
  api: string;
  /**
   * The Lambda Invoke endpoint of the Cognito triggers and the security-events function (each runs
   * with its own keys behind the IAM gate): POST /2015-03-31/functions/<name>/invocations, signed
   * (SigV4) with `adminCredentials`, as Lambda runs nothing unsigned.
   */
  lambda: string;
  /** The Cognito endpoint (our proxy in front of cognito-local). */
  cognitoEndpoint: string;
  userPoolId: string;
  clientId: string;
  region: string;
  stripeApi: string;
  stripeJs: string;
  stripePublishableKey: string;
  stripePriceId: string;
  dynamodb: string;
  tableName: string;
  outbox: string;
  /** The SES v2 twin (dev/aws-twins/ses.ts): SendEmail files each message in the outbox. */
  ses: string;
  /** The Secrets Manager twin (dev/aws-twins/secrets-manager.ts). */
  secretsManager: string;
  /** ARN of the secret JSON { secretKey, webhookSecret } (the handlers' STRIPE_SECRET_ARN). */
  stripeSecretArn: string;
  /** ARN of the secret JSON { privateKeyPem } (the handlers' LICENSE_SIGNING_KEY_ARN). */
  licenseSigningKeyArn: string;
  /**
   * The IAM gate (dev/iam/gate.ts) in front of DynamoDB, Cognito, SES and Secrets Manager: the one AWS
   * endpoint of every handler, which allows each only what its CDK role grants.
   */
  awsGate: string;
  /** The stack's admin keys, allowed everything by the gate: for setup and test code, never a handler. */
  adminCredentials: { accessKeyId: string; secretAccessKey: string };
  /** Machines one license may be used on at once (LICENSE_MACHINE_LIMIT); null: no limit. */
  machineLimit: number | null;
  /** Passkeys as a first factor on the local Cognito (LocalStackOptions.passkeys). */
  passkeys: boolean;
  startedAt: string;
}

export const STACK_INFO_FILE = 'stack.json';

export const stackInfoPath = (dir: string): string => path.join(dir, STACK_INFO_FILE);

/** The running stack's info, or undefined when stack.json is absent (not started, or stopped). */
export async function readStackInfo(dir: string): Promise<StackInfo | undefined> {
  try {
    return JSON.parse(await readFile(stackInfoPath(dir), 'utf8')) as StackInfo;
  } catch {
    return undefined;
  }
}

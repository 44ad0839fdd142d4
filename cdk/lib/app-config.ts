import { parseMachineLimit } from '../../src/lib/machine-limit';

// The deployment's settings, read from CDK context (cdk.json or `-c key=value`), validated in one place
// so every construct receives plain, typed values.

export interface AppConfig {
  /** Environment name; 'production' turns on retention and deletion protection. */
  envName: string;
  /**
   * The backend's region. Optional: without it the stacks go where the AWS SDK's region (AWS_REGION or
   * the profile) points, which `npm run deploy` then checks against it when given.
   */
  region?: string;
  /** Custom domain (e.g. www.example.com); needs certificateArn (an ACM certificate in us-east-1). */
  domainName?: string;
  certificateArn?: string;
  /**
   * The API's own domain (e.g. api.example.com) and its ACM certificate in the stack's region: CloudFront
   * then reaches the API there and API Gateway's execute-api endpoint is disabled. DNS: a CNAME from it
   * to the ApiDomainTarget output.
   */
  apiDomainName?: string;
  apiCertificateArn?: string;
  /** Sender of the BFF's mail, e.g. "Stockbench <no-reply@example.com>"; also Cognito's sender with SES. */
  mailFrom: string;
  supportEmail: string;
  /** Verified SES identity (domain or address). When set, Cognito sends its mail through SES too. */
  sesIdentity?: string;
  alarmEmail?: string;
  /**
   * The account already has a trail that logs management events in the region (which EventBridge
   * then receives): no second trail, whose copy of management events would be billed.
   */
  existingTrail: boolean;
  /**
   * Alarms on the account's own metrics (Lambda throttling, SES reputation), default true; false for a
   * second environment in the account, whose first environment already watches them (one page per event).
   */
  accountAlarms: boolean;
  /** The operator's yes to a production deploy while SES is in the sandbox (the deploy stops otherwise). */
  acceptSesSandbox: boolean;
  stripePriceId: string;
  stripePublishableKey: string;
  installerWindowsUrl: string;
  installerMacosUrl: string;
  /** GA4 measurement id; analytics is enabled exactly when this is set. */
  analyticsId?: string;
  /**
   * Passkeys as a first factor on the user pool (context `passkeys`, default false): off until the
   * product's side of them is built (cdk/lib/user-pool-settings.ts, firstAuthFactors).
   */
  passkeys: boolean;
  /** Machines one license may be used on at once; unset (the default): no limit, as the license terms promise. */
  machineLimit?: number;
  /** Built site to upload (Gatsby's public/); the site content stack is skipped when it does not exist. */
  siteDir: string;
  /** Backend outputs the deploy script passes to the site content stack (SiteBucketName, DistributionId, ...). */
  siteBucketName?: string;
  distributionId?: string;
  distributionDomainName?: string;
  /** The edge stack's WAF web ACL (its WebAclArn output), attached to the distribution; cdk/deploy.ts passes it. */
  webAclArn?: string;
}

export type ContextReader = (key: string) => unknown;

function text(read: ContextReader, key: string): string | undefined {
  const value = read(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context value "${key}" must be a string`);
  return value.trim() || undefined;
}

function requiredText(read: ContextReader, key: string): string {
  const value = text(read, key);
  if (!value)
    throw new Error(`Context value "${key}" is required (set it in cdk.json or with -c ${key}=...)`);
  return value;
}

/** The address part of "Name <user@domain>" or a bare address. */
export function emailAddress(mailbox: string): string {
  const match = /<([^>]+)>/.exec(mailbox);
  return (match?.[1] ?? mailbox).trim();
}

export function readAppConfig(read: ContextReader): AppConfig {
  const domainName = text(read, 'domainName');
  const certificateArn = text(read, 'certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('domainName and certificateArn go together: set both or neither');
  }
  const apiDomainName = text(read, 'apiDomainName');
  const apiCertificateArn = text(read, 'apiCertificateArn');
  if (Boolean(apiDomainName) !== Boolean(apiCertificateArn)) {
    throw new Error('apiDomainName and apiCertificateArn go together: set both or neither');
  }
  const envName = requiredText(read, 'env');
  if (!/^[a-z][a-z0-9-]{0,20}$/.test(envName)) throw new Error(`env "${envName}" must be short lowercase`);
  const mailFrom = requiredText(read, 'mailFrom');
  if (!emailAddress(mailFrom).includes('@')) throw new Error(`mailFrom "${mailFrom}" has no email address`);
  const region = text(read, 'region');
  if (region && !/^[a-z]{2}(-[a-z]+)+-\d$/.test(region))
    throw new Error(`region "${region}" is not an AWS region`);
  return {
    envName,
    region,
    domainName,
    certificateArn,
    apiDomainName,
    apiCertificateArn,
    mailFrom,
    supportEmail: text(read, 'supportEmail') ?? emailAddress(mailFrom),
    sesIdentity: text(read, 'sesIdentity'),
    alarmEmail: text(read, 'alarmEmail'),
    acceptSesSandbox: text(read, 'acceptSesSandbox') === 'true',
    existingTrail: text(read, 'existingTrail') === 'true',
    accountAlarms: text(read, 'accountAlarms') !== 'false',
    stripePriceId: requiredText(read, 'stripePriceId'),
    stripePublishableKey: requiredText(read, 'stripePublishableKey'),
    installerWindowsUrl: requiredText(read, 'installerWindowsUrl'),
    installerMacosUrl: requiredText(read, 'installerMacosUrl'),
    analyticsId: text(read, 'analyticsId'),
    passkeys: text(read, 'passkeys') === 'true',
    machineLimit: parseMachineLimit(read('machineLimit'), 'Context value "machineLimit"'),
    siteDir: text(read, 'siteDir') ?? 'public',
    siteBucketName: text(read, 'siteBucketName'),
    distributionId: text(read, 'distributionId'),
    distributionDomainName: text(read, 'distributionDomainName'),
    webAclArn: text(read, 'webAclArn'),
  };
}

export const isProduction = (config: Pick<AppConfig, 'envName'>): boolean => config.envName === 'production';

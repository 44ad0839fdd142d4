import { CfnOutput, Lazy, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { RouteDef } from '../../lambdas/routes';
import { Api } from './api';
import { type AppConfig, isProduction } from './app-config';
import { AccountSecurityEvents } from './account-security-events';
import { Auth } from './auth';
import { Data } from './data';
import { permissionsFor } from './handler-permissions';
import { Monitoring } from './monitoring';
import { keepOutputs } from './outputs-parameter';
import type { CodeMode, FunctionDefaults } from './node-function';
import { Secrets } from './secrets';
import { Site } from './site';
import { outputIdFor, type SiteBuildVariable } from './site-build-env';
import { UserPoolWebAcl } from './user-pool-web-acl';

// Everything but the site's files: data, secrets, accounts, API, distribution, alarms. One stack,
// because the pieces reference each other both ways (the trigger and handlers need the site URL, the
// distribution needs the API) and CloudFormation resolves that inside a stack without a cycle.

export interface BackendStackProps extends StackProps {
  config: AppConfig;
  /** The handlers' bundles (cdk/bin/app.ts builds them), or 'stub' for tests of the template alone. */
  codeMode: CodeMode;
  /** Route table override for tests; defaults to lambdas/routes.ts. */
  routes?: readonly RouteDef[];
}

const WEBHOOK_HANDLER = 'stripe-webhook';
const SYNC_JOB = 'sync-subscriptions';

export class BackendStack extends Stack {
  readonly data: Data;
  readonly secrets: Secrets;
  readonly auth: Auth;
  readonly securityEvents: AccountSecurityEvents;
  readonly api: Api;
  readonly site: Site;
  readonly monitoring: Monitoring;
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: BackendStackProps) {
    super(scope, id, props);
    const { config } = props;
    const production = isProduction(config);
    const functionDefaults: FunctionDefaults = {
      codeMode: props.codeMode,
      logRetention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    };

    // The distribution is created after the functions that need its URL; Lazy defers the value.
    this.siteUrl = config.domainName
      ? `https://${config.domainName}`
      : Lazy.string({ produce: () => `https://${this.site.distribution.distributionDomainName}` });

    this.data = new Data(this, 'Data', { production });
    this.secrets = new Secrets(this, 'Secrets', { production });
    this.auth = new Auth(this, 'Auth', {
      production,
      siteUrl: this.siteUrl,
      passkeys: config.passkeys,
      siteDomain:
        config.domainName ?? Lazy.string({ produce: () => this.site.distribution.distributionDomainName }),
      mailFrom: config.mailFrom,
      sesIdentity: config.sesIdentity,
      functionDefaults,
      table: this.data.table,
      stripeSecret: this.secrets.stripe,
    });
    // The user pool's own rate limits, and how the product learns of changes made straight at Cognito.
    new UserPoolWebAcl(this, 'UserPoolWebAcl', {
      userPoolArn: this.auth.userPool.userPoolArn,
      metricPrefix: `stockbench-${config.envName}-user-pool`,
    });
    this.securityEvents = new AccountSecurityEvents(this, 'AccountSecurityEvents', {
      production,
      existingTrail: config.existingTrail,
      functionDefaults,
      table: this.data.table,
      userPool: this.auth.userPool,
      stripeSecret: this.secrets.stripe,
      siteUrl: this.siteUrl,
      mailFrom: config.mailFrom,
      supportEmail: config.supportEmail,
      sesIdentity: config.sesIdentity,
    });
    this.api = new Api(this, 'Api', {
      table: this.data.table,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.client,
      issuer: this.auth.issuer,
      stripeSecret: this.secrets.stripe,
      signingKeySecret: this.secrets.licenseSigningKey,
      siteUrl: this.siteUrl,
      stripePriceId: config.stripePriceId,
      mailFrom: config.mailFrom,
      supportEmail: config.supportEmail,
      sesIdentity: config.sesIdentity,
      machineLimit: config.machineLimit,
      functionDefaults,
      routes: props.routes,
      customDomain:
        config.apiDomainName && config.apiCertificateArn
          ? { domainName: config.apiDomainName, certificateArn: config.apiCertificateArn }
          : undefined,
    });
    this.site = new Site(this, 'Site', {
      production,
      apiOriginDomainName: this.api.originDomainName,
      apiOriginHeaders: this.api.originHeaders,
      cognitoRegion: this.region,
      analyticsEnabled: Boolean(config.analyticsId),
      domainName: config.domainName,
      certificateArn: config.certificateArn,
      webAclArn: config.webAclArn,
    });
    this.monitoring = new Monitoring(this, 'Monitoring', {
      httpApi: this.api.httpApi,
      table: this.data.table,
      functions: new Map([
        ...this.api.functions,
        ['custom-message', this.auth.customMessage],
        ['post-confirmation', this.auth.postConfirmation],
        ['pre-sign-up', this.auth.preSignUp],
        ['pre-authentication', this.auth.preAuthentication],
        ['pre-token-generation', this.auth.preTokenGeneration],
        ['security-events', this.securityEvents.handler],
      ]),
      critical: new Map(
        [...this.api.functions].filter(([name]) => permissionsFor(name).permissions.secrets?.length),
      ),
      refusing: new Set(['custom-message', 'pre-sign-up', 'pre-token-generation']),
      webhook: this.api.functions.get(WEBHOOK_HANDLER),
      securityRule: this.securityEvents.rule,
      trail: this.securityEvents.trail,
      alarmEmail: config.alarmEmail,
      accountAlarms: config.accountAlarms,
      envName: config.envName,
    });

    const build: Record<SiteBuildVariable, string | undefined> = {
      GATSBY_ENV: 'production',
      GATSBY_SITE_URL: this.siteUrl,
      GATSBY_API_BASE: '/api',
      GATSBY_COGNITO_USER_POOL_ID: this.auth.userPool.userPoolId,
      GATSBY_COGNITO_CLIENT_ID: this.auth.client.userPoolClientId,
      GATSBY_COGNITO_REGION: this.region,
      GATSBY_STRIPE_PUBLISHABLE_KEY: config.stripePublishableKey,
      GATSBY_ANALYTICS_ENABLED: config.analyticsId ? 'true' : 'false',
      GATSBY_ANALYTICS_ID: config.analyticsId,
      GATSBY_SUPPORT_EMAIL: config.supportEmail,
      GATSBY_INSTALLER_WINDOWS_URL: config.installerWindowsUrl,
      GATSBY_INSTALLER_MACOS_URL: config.installerMacosUrl,
      GATSBY_LICENSE_MACHINE_LIMIT: config.machineLimit?.toString(),
      // The site shows passkeys only where the pool takes them (unset, the output is left out: off).
      GATSBY_PASSKEYS: config.passkeys ? 'true' : undefined,
    };
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(build) as [SiteBuildVariable, string | undefined][]) {
      // CloudFormation rejects empty output values; the deploy script reads a missing one as ''.
      if (!value) continue;
      new CfnOutput(this, outputIdFor(name), { value, description: `${name} for gatsby build` });
      kept[outputIdFor(name)] = value;
    }
    const outputs: Record<string, [string, string]> = {
      SiteUrl: [this.siteUrl, 'Site URL'],
      DistributionId: [this.site.distribution.distributionId, 'CloudFront distribution id'],
      DistributionDomainName: [
        this.site.distribution.distributionDomainName,
        'Point the custom domain (CNAME or alias) here',
      ],
      SiteBucketName: [this.site.bucket.bucketName, 'Bucket the site content stack uploads to'],
      StripeWebhookUrl: [`${this.siteUrl}/api/stripe-webhook`, 'Stripe webhook endpoint URL'],
      StripeSecretArn: [this.secrets.stripe.secretArn, 'Fill with { secretKey, webhookSecret }'],
      LicenseSigningKeySecretArn: [this.secrets.licenseSigningKey.secretArn, 'JSON { privateKeyPem }'],
      UserPoolId: [this.auth.userPool.userPoolId, 'Cognito user pool'],
      TableName: [
        this.data.table.tableName,
        'The DynamoDB table (npm run support and the smoke test read it)',
      ],
      AlarmTopicArn: [this.monitoring.topic.topicArn, 'Subscribe more alarm receivers here'],
      ApiOriginUrl: [
        `https://${this.api.originDomainName}`,
        "CloudFront's API origin; the smoke test checks that it refuses direct calls",
      ],
    };
    const syncJob = this.api.functions.get(SYNC_JOB);
    if (syncJob) {
      outputs.SyncJobFunctionName = [
        syncJob.fn.functionName,
        'The scheduled sync; the smoke test invokes it once',
      ];
    }
    if (this.api.domainName) {
      outputs.ApiDomainTarget = [
        this.api.domainName.regionalDomainName,
        `Point ${config.apiDomainName} here (CNAME): CloudFront reaches the API at that name`,
      ];
    }
    for (const [outputId, [value, description]] of Object.entries(outputs)) {
      new CfnOutput(this, outputId, { value, description });
      kept[outputId] = value;
    }
    keepOutputs(this, config.envName, 'backend', kept);
  }
}

import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { emailAddress } from './app-config';
import { triggerStatements, type TriggerName } from './handler-permissions';
import { type FunctionDefaults, ProductFunction } from './node-function';
import { CLIENT_SETTINGS, firstAuthFactors, USER_POOL_SETTINGS } from './user-pool-settings';

// Accounts: the Cognito user pool and the one app client the site and the desktop application share.

export interface AuthProps {
  production: boolean;
  /** https://<site>; the CustomMessage trigger writes links to <siteUrl>/auth?mode=... */
  siteUrl: string;
  /**
   * The site's host name (the custom domain, else the distribution's): the passkey relying party id, so
   * the browser offers a person's passkey on the site's pages and nowhere else.
   */
  siteDomain: string;
  /** Passkeys as a first factor (AppConfig.passkeys; off by default, see firstAuthFactors). */
  passkeys: boolean;
  mailFrom: string;
  /** A verified SES identity: when set, Cognito sends from mailFrom through SES (no 50 mails/day cap). */
  sesIdentity?: string;
  functionDefaults: FunctionDefaults;
  /**
   * The table the PostConfirmation trigger records revoked sessions in, and the PreSignUp trigger
   * moves an account's address back in (with Stripe's customer).
   */
  table: dynamodb.ITable;
  stripeSecret: secretsmanager.ISecret;
}

export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly customMessage: ProductFunction;
  readonly postConfirmation: ProductFunction;
  readonly preSignUp: ProductFunction;
  readonly preAuthentication: ProductFunction;
  readonly preTokenGeneration: ProductFunction;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.customMessage = new ProductFunction(this, 'CustomMessage', {
      entry: 'lambdas/triggers/custom-message.ts',
      description:
        'Cognito CustomMessage trigger: verification and reset links to the site, a daily limit per address',
      environment: { SITE_URL: props.siteUrl, TABLE_NAME: props.table.tableName },
      defaults: props.functionDefaults,
      timeout: Duration.seconds(5),
      memorySize: 256,
    });

    this.postConfirmation = new ProductFunction(this, 'PostConfirmation', {
      entry: 'lambdas/triggers/post-confirmation.ts',
      description: 'Cognito PostConfirmation trigger: a confirmed password reset ends every session',
      environment: { TABLE_NAME: props.table.tableName },
      defaults: props.functionDefaults,
      timeout: Duration.seconds(5),
      memorySize: 256,
    });

    this.preSignUp = new ProductFunction(this, 'PreSignUp', {
      entry: 'lambdas/triggers/pre-sign-up.ts',
      description:
        'Cognito PreSignUp trigger: address rules for every registration; an account that never proved an address does not keep it',
      environment: { TABLE_NAME: props.table.tableName },
      defaults: props.functionDefaults,
      timeout: Duration.seconds(5),
      memorySize: 256,
    });

    // A sign-in begun before the account's last security change gets no tokens (the two triggers'
    // headers say how).
    this.preAuthentication = new ProductFunction(this, 'PreAuthentication', {
      entry: 'lambdas/triggers/pre-authentication.ts',
      description: 'Cognito PreAuthentication trigger: records when a sign-in with the second factor begins',
      environment: { TABLE_NAME: props.table.tableName },
      defaults: props.functionDefaults,
      timeout: Duration.seconds(5),
      memorySize: 256,
    });
    this.preTokenGeneration = new ProductFunction(this, 'PreTokenGeneration', {
      entry: 'lambdas/triggers/pre-token-generation.ts',
      description:
        "Cognito PreTokenGeneration trigger: no tokens for a sign-in begun before the account's last security change",
      environment: {
        TABLE_NAME: props.table.tableName,
        AUTH_SESSION_VALIDITY_SECONDS: String(CLIENT_SETTINGS.authSessionValidityMinutes * 60),
      },
      defaults: props.functionDefaults,
      timeout: Duration.seconds(5),
      memorySize: 256,
    });

    // Attributes, sign-in and password rules: user-pool-settings.ts, which the local pool is built from too.
    const pool = USER_POOL_SETTINGS;
    const firstFactors = firstAuthFactors(props.passkeys);
    const email = pool.schema.find((a) => a.name === 'email');
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: pool.usernameAttributes.includes('email'), username: false },
      signInCaseSensitive: pool.caseSensitive,
      selfSignUpEnabled: true,
      autoVerify: { email: pool.autoVerifiedAttributes.includes('email') },
      standardAttributes: email && { email: { required: email.required, mutable: email.mutable } },
      customAttributes: Object.fromEntries(
        pool.schema
          .filter((a) => a.custom)
          .map((a) => [a.name, new cognito.StringAttribute({ mutable: a.mutable, maxLen: a.maxLength })]),
      ),
      passwordPolicy: {
        minLength: pool.passwordMinimumLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Two-factor sign-in is each user's choice (on /profile), with an authenticator app only: no SMS
      // (no phone numbers are kept, and SMS costs money and can be intercepted).
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // Essentials: the plan that has passkeys (choice-based sign-in) and the sign-in policy.
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      signInPolicy: {
        allowedFirstAuthFactors: {
          password: firstFactors.includes('PASSWORD'),
          passkey: firstFactors.includes('WEB_AUTHN'),
        },
      },
      // Without a relying party id the pool registers no passkey (WebAuthnConfigurationMissingException).
      ...(props.passkeys && {
        passkeyRelyingPartyId: props.siteDomain,
        passkeyUserVerification:
          pool.passkeyUserVerification === 'required'
            ? cognito.PasskeyUserVerification.REQUIRED
            : cognito.PasskeyUserVerification.PREFERRED,
      }),
      lambdaTriggers: {
        customMessage: this.customMessage.fn,
        postConfirmation: this.postConfirmation.fn,
        preSignUp: this.preSignUp.fn,
        preAuthentication: this.preAuthentication.fn,
        preTokenGeneration: this.preTokenGeneration.fn,
      },
      email: props.sesIdentity
        ? cognito.UserPoolEmail.withSES({
            fromEmail: emailAddress(props.mailFrom),
            fromName: nameOf(props.mailFrom),
            sesRegion: Stack.of(this).region,
            sesVerifiedDomain: props.sesIdentity.includes('@') ? undefined : props.sesIdentity,
          })
        : cognito.UserPoolEmail.withCognito(),
      deletionProtection: props.production,
      removalPolicy: props.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: CLIENT_SETTINGS.clientName,
      // USER_PASSWORD_AUTH everywhere: the desktop application sends the password to Cognito, and the local
      // Cognito has no SRP (dev/README.md, "Cognito: cognito-local behind our proxy"); refresh tokens are
      // always allowed.
      // USER_AUTH is the site's choice-based sign-in (password or passkey).
      authFlows: {
        userPassword: CLIENT_SETTINGS.explicitAuthFlows.includes('ALLOW_USER_PASSWORD_AUTH'),
        user: CLIENT_SETTINGS.explicitAuthFlows.includes('ALLOW_USER_AUTH'),
      },
      generateSecret: false,
      preventUserExistenceErrors: CLIENT_SETTINGS.preventUserExistenceErrors,
      enableTokenRevocation: CLIENT_SETTINGS.enableTokenRevocation,
      // No hosted UI or OAuth redirects: the site and the desktop application sign in directly.
      disableOAuth: true,
      supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.COGNITO],
      idTokenValidity: Duration.minutes(CLIENT_SETTINGS.idTokenValidityMinutes),
      accessTokenValidity: Duration.minutes(CLIENT_SETTINGS.accessTokenValidityMinutes),
      refreshTokenValidity: Duration.days(30),
      authSessionValidity: Duration.minutes(CLIENT_SETTINGS.authSessionValidityMinutes),
      // Not email: only the BFF changes the address (client-attributes.ts).
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes(
        Object.fromEntries(CLIENT_SETTINGS.writeAttributes.map((name) => [name, true])),
      ),
    });

    // The triggers' grants (handler-permissions.ts). Policies of their own, not the roles' default ones:
    // a function depends on its default policy, the pool on the function, and the grants name the pool,
    // which would be a cycle CloudFormation refuses.
    const arns = {
      table: props.table.tableArn,
      userPool: this.userPool.userPoolArn,
      secrets: { stripe: props.stripeSecret.secretArn, signingKey: '' },
      sesIdentity: '',
    };
    const grant = (id: string, fn: ProductFunction, trigger: TriggerName) =>
      new iam.Policy(this, id, {
        roles: [fn.role],
        statements: triggerStatements(trigger, arns).map(
          ({ actions, resources }) => new iam.PolicyStatement({ actions, resources }),
        ),
      });
    grant('CustomMessageGrants', this.customMessage, 'custom-message');
    grant('PostConfirmationGrants', this.postConfirmation, 'post-confirmation');
    grant('PreSignUpPolicy', this.preSignUp, 'pre-sign-up');
    grant('PreAuthenticationGrants', this.preAuthentication, 'pre-authentication');
    grant('PreTokenGenerationGrants', this.preTokenGeneration, 'pre-token-generation');

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason: 'The password rule customers were promised: at least 6 characters, no other classes.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is optional (authenticator app): each user may turn it on; the product does not force a ' +
          'second factor on everyone.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Plus tier (threat protection) costs 0.02 USD per monthly active user on top of Essentials; the ' +
          'Essentials tier with USER_PASSWORD_AUTH, throttled sign-in and prevent-user-existence-errors is ' +
          'the chosen baseline. Switch featurePlan to PLUS when the budget allows.',
      },
    );
  }

  /** The JWT issuer API Gateway checks: https://cognito-idp.<region>.amazonaws.com/<poolId>. */
  get issuer(): string {
    return this.userPool.userPoolProviderUrl;
  }
}

function nameOf(mailbox: string): string | undefined {
  const name = /^([^<]+)</.exec(mailbox)?.[1]?.trim();
  return name || undefined;
}

import { Arn, ArnFormat, Duration, Stack, Validations } from 'aws-cdk-lib';
import * as cloudtrail from 'aws-cdk-lib/aws-cloudtrail';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { SECURITY_EVENT_NAMES } from '../../lambdas/lib/security-event-names';
import { bucketRemoval } from './bucket-removal';
import { mailDomainOf, triggerStatements } from './handler-permissions';
import { type FunctionDefaults, ProductFunction } from './node-function';

// How the product learns of security changes made straight at Cognito with a user's access token (a
// second factor turned on, replaced or off; a password changed or reset; the user deleted): CloudTrail
// records Cognito's API calls as management events with the user's sub, EventBridge receives them only
// from a trail with logging on ("AWS API Call via CloudTrail", best-effort delivery), and a rule passes
// the listed calls to lambdas/triggers/security-events.ts, which mails the owner (and closes the account
// of a deleted user: its Stripe subscription too). The trail keeps
// write events only, for 90 days, in a bucket of its own.

export interface AccountSecurityEventsProps {
  functionDefaults: FunctionDefaults;
  table: dynamodb.ITable;
  userPool: cognito.IUserPool;
  /** The Stripe keys: a user deleted straight at Cognito has their subscription cancelled. */
  stripeSecret: secretsmanager.ISecret;
  siteUrl: string;
  mailFrom: string;
  supportEmail: string;
  sesIdentity?: string;
  production: boolean;
  /** The account already sends management events to EventBridge through a trail of its own. */
  existingTrail?: boolean;
}

export class AccountSecurityEvents extends Construct {
  readonly handler: ProductFunction;
  /** The rule that passes Cognito's calls to the handler. */
  readonly rule: events.Rule;
  /** The trail the events come from, unless the account's own serves (existingTrail). */
  readonly trail?: cloudtrail.Trail;

  constructor(scope: Construct, id: string, props: AccountSecurityEventsProps) {
    super(scope, id);
    this.handler = new ProductFunction(this, 'Handler', {
      entry: 'lambdas/triggers/security-events.ts',
      description:
        "Mails the owner of an account whose two-factor settings or password changed, closes a deleted user's account (Cognito's CloudTrail events)",
      environment: {
        TABLE_NAME: props.table.tableName,
        COGNITO_USER_POOL_ID: props.userPool.userPoolId,
        STRIPE_SECRET_ARN: props.stripeSecret.secretArn,
        SITE_URL: props.siteUrl,
        MAIL_FROM: props.mailFrom,
        SUPPORT_EMAIL: props.supportEmail,
      },
      defaults: props.functionDefaults,
      timeout: Duration.seconds(30),
      memorySize: 256,
    });
    const stack = Stack.of(this);
    const identity = props.sesIdentity ?? mailDomainOf(props.mailFrom);
    new iam.Policy(this, 'Grants', {
      roles: [this.handler.role],
      statements: triggerStatements('security-events', {
        table: props.table.tableArn,
        userPool: props.userPool.userPoolArn,
        secrets: { stripe: props.stripeSecret.secretArn, signingKey: '' },
        sesIdentity: Arn.format(
          {
            service: 'ses',
            resource: 'identity',
            resourceName: identity,
            arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
          },
          stack,
        ),
      }).map(({ actions, resources }) => new iam.PolicyStatement({ actions, resources })),
    });

    this.rule = new events.Rule(this, 'CognitoSecurityCalls', {
      description: 'Cognito calls that change an account’s second factor or password, from CloudTrail',
      eventPattern: {
        source: ['aws.cognito-idp'],
        detailType: ['AWS API Call via CloudTrail'],
        detail: {
          eventSource: ['cognito-idp.amazonaws.com'],
          eventName: [...SECURITY_EVENT_NAMES],
          // This environment's pool only: another environment in the account has a rule of its own.
          // An administrator's call names the pool in its request; a user's own call (made with an
          // access token, whose request CloudTrail hides) names it among the event's resources. An
          // event that names no pool at all still comes: the handler looks its user up in this pool
          // and leaves alone a user it does not find, so a mail is never lost to a field's absence.
          $or: [
            { requestParameters: { userPoolId: [props.userPool.userPoolId] } },
            { resources: { ARN: [props.userPool.userPoolArn] } },
            {
              requestParameters: { userPoolId: [{ exists: false }] },
              resources: { ARN: [{ exists: false }] },
            },
          ],
        },
      },
      targets: [
        new targets.LambdaFunction(this.handler.fn, { retryAttempts: 8, maxEventAge: Duration.hours(6) }),
      ],
    });

    if (!props.existingTrail) this.trail = this.createTrail(props.production);
  }

  private createTrail(production: boolean): cloudtrail.Trail {
    const bucket = new s3.Bucket(this, 'TrailLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      ...bucketRemoval(production),
    });
    Validations.of(bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        "This bucket holds the trail's own logs; its access is itself in the trail (management events).",
    });
    const trail = new cloudtrail.Trail(this, 'ManagementEvents', {
      bucket,
      managementEvents: cloudtrail.ReadWriteType.WRITE_ONLY,
      includeGlobalServiceEvents: false,
      isMultiRegionTrail: false,
      enableFileValidation: true,
    });
    Validations.of(trail).acknowledge({
      id: 'AwsSolutions-CT1',
      reason: 'The trail is there to deliver Cognito management events to EventBridge; its files stay in S3.',
    });
    return trail;
  }
}

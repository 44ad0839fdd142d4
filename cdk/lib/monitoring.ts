import type * as cdk from 'aws-cdk-lib';
import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as cloudtrail from 'aws-cdk-lib/aws-cloudtrail';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { WEBHOOK_SIGNATURE_REFUSED } from '../../lambdas/lib/http';
import { REFUSAL } from '../../lambdas/lib/refusal';
import { pascal } from './api';
import type { ProductFunction } from './node-function';

// Alarms that mean "a customer is affected", all to one SNS topic (mailed to alarmEmail, which production
// requires). They page on what needs a person, once: no mail on the way back to OK, no alarm for a
// person's "no" at a Cognito trigger, for the smoke test's forged webhook or for a scraper the rate
// limits hold back.

export interface MonitoringProps {
  httpApi: apigwv2.HttpApi;
  table: dynamodb.ITable;
  /** Every Lambda of the product, keyed by a readable name. */
  functions: ReadonlyMap<string, ProductFunction>;
  /** Handlers that move money or keys (they read the Stripe or signing key secret): any 5xx pages. */
  critical: ReadonlyMap<string, ProductFunction>;
  /** Cognito triggers that refuse a person (lambdas/lib/refusal.ts): their refusals are not failures. */
  refusing: ReadonlySet<string>;
  /** The Stripe webhook's function, if the route table has one: refused deliveries are counted too. */
  webhook?: ProductFunction;
  /** The rule that runs the security mails (account-security-events.ts): a failed delivery loses one. */
  securityRule: events.IRule;
  /** The trail those events come from, when the stack made it: its stopping ends the security mails. */
  trail?: cloudtrail.Trail;
  alarmEmail?: string;
  /** Whether this environment watches the account's own metrics (app-config.ts, accountAlarms). */
  accountAlarms: boolean;
  /** Keeps the custom metrics of two environments in one account apart. */
  envName: string;
}

/** API 5xx share of requests that raises the alarm, over 5 minutes (at 10 requests or more). */
const API_5XX_RATE_THRESHOLD = 0.05;
const NAMESPACE = 'Stockbench';
/**
 * Refused deliveries in 6 hours that page: a wrong webhook secret refuses every delivery Stripe makes
 * and each of its retries, while `npm run smoke` sends one forged event per run (a deploy and a re-run or
 * two must not page) and anyone can send one.
 */
const WEBHOOK_REFUSALS_PER_6_HOURS = 4;
/** SES reviews an account at a 5 % bounce rate and 0.1 % complaint rate; these page below both. */
const SES_BOUNCE_RATE = 0.04;
const SES_COMPLAINT_RATE = 0.0008;

/** Lines at ERROR: the logger's (lambdas/lib/log.ts) and the runtime's (console.error, a thrown error). */
export const ERROR_LINES = logs.FilterPattern.stringValue('$.level', '=', 'ERROR');
/** The webhook's line for a delivery whose signature does not verify (a 400). */
export const REFUSED_DELIVERY_LINES = logs.FilterPattern.stringValue(
  '$.message',
  '=',
  WEBHOOK_SIGNATURE_REFUSED,
);
/** The runtime's line for a trigger's refusal: the thrown Refusal, as {errorType, ...} at ERROR. */
export const REFUSAL_LINES = logs.FilterPattern.all(
  logs.FilterPattern.stringValue('$.level', '=', 'ERROR'),
  logs.FilterPattern.stringValue('$.message.errorType', '=', REFUSAL),
);

export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    // TLS-only topic. Not KMS-encrypted: CloudWatch alarms cannot publish to a topic encrypted with the
    // AWS managed key, and a customer key costs 1 USD/month for alarm texts that hold no customer data.
    this.topic = new sns.Topic(this, 'AlarmTopic', { displayName: 'Stockbench alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));

    const period = Duration.minutes(5);
    const custom = (name: string, statisticPeriod: Duration = period) =>
      new cloudwatch.Metric({
        namespace: NAMESPACE,
        metricName: `${name}-${props.envName}`,
        period: statisticPeriod,
        statistic: 'Sum',
      });
    // A function's own alarm and filters live in its stack (an endpoint's nested stack, api.ts): they add
    // nothing to this stack, and reference nothing across stacks but the topic.
    const home = (fn: ProductFunction): Construct => (Stack.of(fn) === Stack.of(this) ? this : Stack.of(fn));
    const countLines = (
      id: string,
      fn: ProductFunction,
      filterPattern: logs.IFilterPattern,
      m: cloudwatch.Metric,
    ) =>
      new logs.MetricFilter(home(fn), id, {
        logGroup: fn.logGroup,
        filterPattern,
        metricNamespace: m.namespace,
        metricName: m.metricName,
        metricValue: '1',
        defaultValue: 0,
      });
    const atLeastOne = cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD;

    // A rate from 10 requests in 5 minutes; below that every 5xx counts, so a quiet site's outage pages.
    this.add(this, 'Api5xxRate', {
      alarmDescription: `More than ${API_5XX_RATE_THRESHOLD * 100}% of API requests answered 5xx in 5 minutes (any 5xx below 10 requests)`,
      metric: new cloudwatch.MathExpression({
        expression: 'IF(requests >= 10, errors / requests, errors)',
        usingMetrics: {
          errors: props.httpApi.metricServerError({ period, statistic: 'Sum' }),
          requests: props.httpApi.metricCount({ period, statistic: 'Sum' }),
        },
        period,
        label: 'API 5xx rate (5xx count below 10 requests)',
      }),
      threshold: API_5XX_RATE_THRESHOLD,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    // One alarm per function: its invocations that failed. A trigger's refusal of a person is a thrown
    // error Cognito shows them, which Lambda counts in Errors: its refusals are subtracted.
    for (const [name, fn] of props.functions) {
      const errors = fn.fn.metricErrors({ period, statistic: 'Sum' });
      let metric: cloudwatch.IMetric = errors;
      if (props.refusing.has(name)) {
        const refusals = custom(`Refusals-${name}`);
        countLines(`${pascal(name)}RefusalFilter`, fn, REFUSAL_LINES, refusals);
        metric = new cloudwatch.MathExpression({
          expression: 'errors - refusals',
          usingMetrics: { errors, refusals },
          period,
          label: `${name}: failed invocations (refusals of a person not counted)`,
        });
      }
      this.add(home(fn), `${pascal(name)}Errors`, {
        alarmDescription: `Lambda ${name}: failed invocations`,
        metric,
        threshold: 1,
        comparisonOperator: atLeastOne,
      });
    }
    // The account's own metrics: one environment of the account watches them, so one event pages once.
    if (props.accountAlarms) this.accountAlarms();

    this.add(this, 'TableThrottles', {
      alarmDescription: 'DynamoDB read or write requests throttled',
      metric: new cloudwatch.MathExpression({
        expression: 'reads + writes',
        usingMetrics: {
          reads: props.table.metric('ReadThrottleEvents', { period, statistic: 'Sum' }),
          writes: props.table.metric('WriteThrottleEvents', { period, statistic: 'Sum' }),
        },
        period,
        label: 'DynamoDB throttle events',
      }),
      threshold: 1,
      comparisonOperator: atLeastOne,
    });

    // Handlers that move money or keys answer a failure of ours with a 5xx and an ERROR line
    // (lambdas/lib/http.ts), not an exception, so Lambda's Errors metric misses it; their ERROR lines,
    // in the shape the runtime writes them with the JSON log format, feed one metric and one alarm.
    const critical = custom('CriticalFailures');
    for (const [name, fn] of props.critical) {
      countLines(`${pascal(name)}FailureFilter`, fn, ERROR_LINES, critical);
    }
    this.add(this, 'CriticalFailures', {
      alarmDescription:
        'An endpoint that moves money or keys (Stripe or the signing key) logged a failure: a 5xx, or a webhook event not applied until Stripe retries',
      metric: critical,
      threshold: 1,
      comparisonOperator: atLeastOne,
    });

    if (props.webhook) {
      // A bad signature is a 400 with a WARN line, silent to every other alarm: a wrong webhook secret
      // (a first deploy, a rotation) would refuse every payment's events until Stripe gives up.
      const refused = custom('WebhookRefused', Duration.hours(6));
      countLines('WebhookRefusedFilter', props.webhook, REFUSED_DELIVERY_LINES, refused);
      this.add(this, 'WebhookRefused', {
        alarmDescription:
          `Stripe webhook refused ${WEBHOOK_REFUSALS_PER_6_HOURS} or more deliveries in 6 hours (signature ` +
          'does not verify): check the webhook secret (docs/deploying.md)',
        metric: refused,
        threshold: WEBHOOK_REFUSALS_PER_6_HOURS,
        comparisonOperator: atLeastOne,
      });
    }

    this.add(this, 'SecurityMailRuleFailures', {
      alarmDescription:
        'EventBridge could not deliver Cognito security events to the security-mail function: owners miss a mail',
      metric: new cloudwatch.Metric({
        namespace: 'AWS/Events',
        metricName: 'FailedInvocations',
        dimensionsMap: { RuleName: props.securityRule.ruleName },
        period,
        statistic: 'Sum',
      }),
      threshold: 1,
      comparisonOperator: atLeastOne,
    });
    if (props.trail) {
      // No metric tells that a trail stopped logging; its own API calls do, to this topic directly.
      const cfnTrail = props.trail.node.defaultChild as cdk.CfnResource;
      new events.Rule(this, 'TrailStopped', {
        description: 'The trail the security mails depend on stopped, or its selectors changed',
        eventPattern: {
          source: ['aws.cloudtrail'],
          detailType: ['AWS API Call via CloudTrail'],
          detail: {
            eventSource: ['cloudtrail.amazonaws.com'],
            eventName: ['StopLogging', 'DeleteTrail', 'UpdateTrail', 'PutEventSelectors'],
            requestParameters: { name: [cfnTrail.ref, props.trail.trailArn] },
          },
        },
        targets: [new targets.SnsTopic(this.topic)],
      });
    }
  }

  /** Alarms on the account's own metrics in the region, which one environment of an account watches. */
  private accountAlarms(): void {
    const period = Duration.minutes(5);
    const atLeastOne = cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD;
    // Throttling is the account's concurrency running out, one concern for every function: Lambda's
    // Throttles without dimensions, across the region's functions.
    this.add(this, 'LambdaThrottles', {
      alarmDescription: "Lambda throttled invocations: the account's concurrency is exhausted",
      metric: new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName: 'Throttles',
        period,
        statistic: 'Sum',
      }),
      threshold: 1,
      comparisonOperator: atLeastOne,
    });

    // SES's account reputation (account-wide, in the stack's region): past its review rates SES may
    // pause sending, and every mail of the product and of Cognito stops.
    const ses = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/SES',
        metricName,
        period: Duration.hours(1),
        statistic: 'Maximum',
      });
    this.add(this, 'SesBounceRate', {
      alarmDescription: `SES bounce rate ${SES_BOUNCE_RATE * 100}% or more (SES reviews the account at 5%)`,
      metric: ses('Reputation.BounceRate'),
      threshold: SES_BOUNCE_RATE,
      comparisonOperator: atLeastOne,
    });
    this.add(this, 'SesComplaintRate', {
      alarmDescription: `SES complaint rate ${SES_COMPLAINT_RATE * 100}% or more (SES reviews the account at 0.1%)`,
      metric: ses('Reputation.ComplaintRate'),
      threshold: SES_COMPLAINT_RATE,
      comparisonOperator: atLeastOne,
    });
  }

  private add(scope: Construct, id: string, props: Omit<cloudwatch.AlarmProps, 'evaluationPeriods'>): void {
    const alarm = new cloudwatch.Alarm(scope, id, {
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      ...props,
    });
    // ALARM only: a mail on the way back to OK is a second page for the same event.
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}

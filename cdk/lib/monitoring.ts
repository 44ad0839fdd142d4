import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { WEBHOOK_SIGNATURE_REFUSED } from '../../lambdas/lib/http';
import { pascal } from './api';
import type { ProductFunction } from './node-function';

// Alarms that mean "a customer is affected", all to one SNS topic (optionally mailed to the operator).

export interface MonitoringProps {
  httpApi: apigwv2.HttpApi;
  table: dynamodb.ITable;
  /** Every Lambda of the product, keyed by a readable name. */
  functions: ReadonlyMap<string, ProductFunction>;
  /** The Stripe webhook's function, if the route table has one: any failure there loses an event. */
  webhook?: ProductFunction;
  alarmEmail?: string;
  /** Keeps the webhook metric of two environments in one account apart. */
  envName: string;
}

/** API 5xx share of requests that raises the alarm, over 5 minutes. */
const API_5XX_RATE_THRESHOLD = 0.05;
const WEBHOOK_FAILURE_NAMESPACE = 'Stockbench';
/**
 * Refused deliveries per hour that page: a wrong webhook secret refuses every delivery Stripe makes and
 * retries, while `npm run smoke` sends one forged event per run (it must not page) and anyone can send one.
 */
const WEBHOOK_REFUSALS_PER_HOUR = 2;

/** Lines at ERROR: the logger's (lambdas/lib/log.ts) and the runtime's (console.error, a thrown error). */
export const ERROR_LINES = logs.FilterPattern.stringValue('$.level', '=', 'ERROR');
/** The webhook's line for a delivery whose signature does not verify (a 400). */
export const REFUSED_DELIVERY_LINES = logs.FilterPattern.stringValue(
  '$.message',
  '=',
  WEBHOOK_SIGNATURE_REFUSED,
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

    // 5xx rate rather than count: one failure at 3 a.m. with two requests is not the same as at noon.
    this.add('Api5xxRate', {
      alarmDescription: `More than ${API_5XX_RATE_THRESHOLD * 100}% of API requests answered 5xx in 5 minutes`,
      metric: new cloudwatch.MathExpression({
        expression: 'IF(requests >= 10, errors / requests, 0)',
        usingMetrics: {
          errors: props.httpApi.metricServerError({ period, statistic: 'Sum' }),
          requests: props.httpApi.metricCount({ period, statistic: 'Sum' }),
        },
        period,
        label: 'API 5xx rate',
      }),
      threshold: API_5XX_RATE_THRESHOLD,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    for (const [name, fn] of props.functions) {
      this.add(`${pascal(name)}Errors`, {
        alarmDescription: `Lambda ${name}: unhandled errors`,
        metric: fn.fn.metricErrors({ period, statistic: 'Sum' }),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
      this.add(`${pascal(name)}Throttles`, {
        alarmDescription: `Lambda ${name}: throttled invocations (account concurrency exhausted)`,
        metric: fn.fn.metricThrottles({ period, statistic: 'Sum' }),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
    }

    this.add('TableThrottles', {
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
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    });

    const webhook = props.webhook;
    if (webhook) {
      const metric = (name: string, statisticPeriod: Duration) =>
        new cloudwatch.Metric({
          namespace: WEBHOOK_FAILURE_NAMESPACE,
          metricName: `${name}-${props.envName}`,
          period: statisticPeriod,
          statistic: 'Sum',
        });
      const countLines = (id: string, filterPattern: logs.IFilterPattern, m: cloudwatch.Metric) =>
        new logs.MetricFilter(this, id, {
          logGroup: webhook.logGroup,
          filterPattern,
          metricNamespace: m.namespace,
          metricName: m.metricName,
          metricValue: '1',
          defaultValue: 0,
        });
      // The webhook answers a failed Stripe read (or any other failure of ours) with a 5xx and an ERROR
      // line (lambdas/lib/http.ts), not an exception, so Lambda's Errors metric misses it; count those
      // lines instead, in the shape the Lambda runtime writes them with the JSON log format.
      const failures = metric('WebhookFailures', period);
      countLines('WebhookFailureFilter', ERROR_LINES, failures);
      this.add('WebhookFailures', {
        alarmDescription: 'Stripe webhook logged a failure: an event may not be applied until Stripe retries',
        metric: failures,
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
      // A bad signature is a 400 with a WARN line, silent to every other alarm: a wrong webhook secret
      // (a first deploy, a rotation) would refuse every payment's events until Stripe gives up.
      const refused = metric('WebhookRefused', Duration.hours(1));
      countLines('WebhookRefusedFilter', REFUSED_DELIVERY_LINES, refused);
      this.add('WebhookRefused', {
        alarmDescription:
          `Stripe webhook refused ${WEBHOOK_REFUSALS_PER_HOUR} or more deliveries in an hour (signature ` +
          'does not verify): check the webhook secret (docs/deploying.md)',
        metric: refused,
        threshold: WEBHOOK_REFUSALS_PER_HOUR,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
    }
  }

  private add(id: string, props: Omit<cloudwatch.AlarmProps, 'evaluationPeriods'>): void {
    const alarm = new cloudwatch.Alarm(this, id, {
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      ...props,
    });
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    alarm.addOkAction(new actions.SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}

import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

// The edge's alarms: CloudFront's 5xx rate and the web ACL's blocked requests. Both metrics exist only
// in us-east-1 (CloudFront's metrics with Region=Global; a CLOUDFRONT web ACL's under AWS/WAFV2 with
// its metric name as the WebACL dimension), and an alarm can only notify a topic of its own region: so
// this construct lives in a us-east-1 stack with a topic of its own (the operator confirms a second
// subscription mail).

/** Share of viewer requests answered 5xx over 5 minutes that pages. */
export const CLOUDFRONT_5XX_RATE_PERCENT = 5;
/**
 * Blocked requests in 5 minutes that page: the rate limits turning away more than one client's burst (a
 * client over its limit is blocked for most of its requests until its rate drops), an attack or limits
 * too tight for real users.
 */
export const WAF_BLOCKS_PER_5_MINUTES = 100;

export interface EdgeAlarmsProps {
  distributionId: string;
  /** The web ACL's metric name (its VisibilityConfig), the WebACL dimension of its metrics. */
  webAclMetricName: string;
  alarmEmail?: string;
}

export class EdgeAlarms extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: EdgeAlarmsProps) {
    super(scope, id);
    // As the backend's topic (monitoring.ts): TLS only, no KMS key (alarm texts hold no customer data).
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      displayName: 'Stockbench edge alarms',
      enforceSSL: true,
    });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const period = Duration.minutes(5);
    const cloudfront = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        period,
        statistic,
      });

    this.add('CloudFront5xxRate', {
      alarmDescription: `More than ${CLOUDFRONT_5XX_RATE_PERCENT}% of the site's requests answered 5xx in 5 minutes (CloudFront)`,
      metric: new cloudwatch.MathExpression({
        // Not on a handful of requests: one failure among three at night is not an outage.
        expression: 'IF(requests >= 10, rate, 0)',
        usingMetrics: {
          rate: cloudfront('5xxErrorRate', 'Average'),
          requests: cloudfront('Requests', 'Sum'),
        },
        period,
        label: 'CloudFront 5xx rate (%)',
      }),
      threshold: CLOUDFRONT_5XX_RATE_PERCENT,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    this.add('WafBlocks', {
      alarmDescription: `The web ACL blocked ${WAF_BLOCKS_PER_5_MINUTES} or more requests in 5 minutes (rate limits: an attack, or limits too tight)`,
      metric: new cloudwatch.Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: props.webAclMetricName, Rule: 'ALL' },
        period,
        statistic: 'Sum',
      }),
      threshold: WAF_BLOCKS_PER_5_MINUTES,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    });
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

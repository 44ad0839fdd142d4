import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

// The edge's alarm: CloudFront's 5xx rate. Its metrics exist only in us-east-1 (with Region=Global),
// and an alarm can only notify a topic of its own region: so
// this construct lives in a us-east-1 stack with a topic of its own (the operator confirms a second
// subscription mail).

/** Share of viewer requests answered 5xx over 5 minutes that pages. */
export const CLOUDFRONT_5XX_RATE_PERCENT = 5;

export interface EdgeAlarmsProps {
  distributionId: string;
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

    // The rate itself, on any number of requests: a quiet site's outage (one visitor, one 5xx) pages.
    this.add('CloudFront5xxRate', {
      alarmDescription: `More than ${CLOUDFRONT_5XX_RATE_PERCENT}% of the site's requests answered 5xx in 5 minutes (CloudFront)`,
      metric: cloudfront('5xxErrorRate', 'Average'),
      threshold: CLOUDFRONT_5XX_RATE_PERCENT,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    // No alarm on the web ACL's blocks: a client over its rate limit is the limit working (any scraper
    // trips it); its per-rule metrics stay in CloudWatch for a look when customers report 429s.
  }

  private add(id: string, props: Omit<cloudwatch.AlarmProps, 'evaluationPeriods'>): void {
    const alarm = new cloudwatch.Alarm(this, id, {
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      ...props,
    });
    // ALARM only: a mail on the way back to OK is a second page for the same event.
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}

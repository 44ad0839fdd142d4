import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { keepOutputs } from './outputs-parameter';
import type { Construct } from 'constructs';
import { WebAcl } from './web-acl';

// What CloudFront needs from us-east-1 before the backend stack deploys: the WAF web ACL (a web ACL
// for CloudFront can only be created there). cdk/deploy.ts deploys this first and passes its
// WebAclArn output to the backend stack as context (webAclArn), as it passes the backend's outputs
// to the site content stack; no cross-region CloudFormation references.

export const EDGE_REGION = 'us-east-1';

/** The web ACL's CloudWatch metric name: the WebACL dimension of its metrics (edge-alarms.ts). */
const webAclMetricName = (envName: string): string => `stockbench-${envName}`;

export class EdgeStack extends Stack {
  readonly webAcl: WebAcl;

  constructor(scope: Construct, id: string, props: StackProps & { envName: string }) {
    super(scope, id, props);
    this.webAcl = new WebAcl(this, 'WebAcl', { metricPrefix: webAclMetricName(props.envName) });
    keepOutputs(this, props.envName, 'edge', { WebAclArn: this.webAcl.arn });
    new CfnOutput(this, 'WebAclArn', {
      value: this.webAcl.arn,
      description: 'The web ACL the backend stack attaches to the distribution (context webAclArn)',
    });
  }
}

import { CfnResource, Names, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';

/**
 * CDK's own helper functions (the S3 auto-delete objects provider, BucketDeployment's upload function)
 * log to a group Lambda creates on their first run, which no stack owns: `cdk destroy` would leave it
 * behind. Each gets a log group of its stack instead, through the function's LoggingConfig, kept or
 * destroyed as the stack's other log groups are (production keeps them). Our own functions already
 * name theirs (node-function.ts) and are left as they are.
 */
export function ownHelperFunctionLogs(stack: Stack, production: boolean): void {
  for (const node of stack.node.findAll()) {
    if (!CfnResource.isCfnResource(node) || node.cfnResourceType !== 'AWS::Lambda::Function') continue;
    if (node instanceof lambda.CfnFunction && node.loggingConfig) continue;
    const group = new logs.LogGroup(Stack.of(node), `${Names.uniqueId(node)}Logs`, {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    if (node instanceof lambda.CfnFunction) node.loggingConfig = { logGroup: group.logGroupName };
    else node.addPropertyOverride('LoggingConfig', { LogGroup: group.logGroupName });
  }
}

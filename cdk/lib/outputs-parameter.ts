import { Stack } from 'aws-cdk-lib';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';

// A stack's outputs, also kept as one SSM parameter (JSON) in its region: everything a later deploy,
// `npm run smoke --url` or `npm run support --url` needs is then read from AWS, from any checkout with
// credentials (cdk/deployed-outputs.ts), not only from the git-ignored cdk.out/ of the one that deployed.

/** Every environment's parameters are under this path. */
export const OUTPUTS_PARAMETER_PATH = '/stockbench/';

export type OutputsOf = 'backend' | 'edge';

export const outputsParameterName = (envName: string, of: OutputsOf): string =>
  `${OUTPUTS_PARAMETER_PATH}${envName}/${of}-outputs`;

/** The environment and stack a parameter name belongs to, or undefined for another name. */
export function parseOutputsParameterName(name: string): { envName: string; of: OutputsOf } | undefined {
  const match = /^\/stockbench\/([a-z][a-z0-9-]*)\/(backend|edge)-outputs$/.exec(name);
  return match ? { envName: match[1] ?? '', of: match[2] as OutputsOf } : undefined;
}

/** Keeps `outputs` (output id to value, tokens allowed) in the stack's outputs parameter. */
export function keepOutputs(
  scope: Construct,
  envName: string,
  of: OutputsOf,
  outputs: Readonly<Record<string, string>>,
): ssm.StringParameter {
  return new ssm.StringParameter(scope, 'OutputsParameter', {
    parameterName: outputsParameterName(envName, of),
    description: `The ${of} stack's outputs (JSON), for later deploys and the smoke test from any checkout`,
    stringValue: Stack.of(scope).toJsonString(outputs),
  });
}

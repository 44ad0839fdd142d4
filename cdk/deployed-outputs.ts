import {
  GetParameterCommand,
  GetParametersByPathCommand,
  ParameterNotFound,
  SSMClient,
} from '@aws-sdk/client-ssm';
import {
  OUTPUTS_PARAMETER_PATH,
  outputsParameterName,
  parseOutputsParameterName,
  type OutputsOf,
} from './lib/outputs-parameter';
import { backendStackName } from './lib/stockbench-app';

// A deployed stack's outputs read from AWS (the SSM parameter each stack keeps them in,
// cdk/lib/outputs-parameter.ts) with the operator's credentials: what cdk.out/*-outputs.json holds in
// the checkout that deployed, from any other (a CI runner, a colleague's clone).

/** One environment's outputs of `of`, or undefined when it was never deployed there. */
export async function deployedOutputs(
  region: string,
  envName: string,
  of: OutputsOf,
): Promise<Record<string, string> | undefined> {
  const client = new SSMClient({ region });
  try {
    const { Parameter } = await client.send(
      new GetParameterCommand({ Name: outputsParameterName(envName, of) }),
    );
    return JSON.parse(Parameter?.Value ?? '{}') as Record<string, string>;
  } catch (err) {
    if (err instanceof ParameterNotFound) return undefined;
    throw err;
  } finally {
    client.destroy();
  }
}

/** Every environment's backend outputs in `region`, by backend stack name (as in the outputs file). */
export async function allDeployedBackends(region: string): Promise<Record<string, Record<string, string>>> {
  const client = new SSMClient({ region });
  const all: Record<string, Record<string, string>> = {};
  try {
    let NextToken: string | undefined;
    do {
      const page = await client.send(
        new GetParametersByPathCommand({ Path: OUTPUTS_PARAMETER_PATH, Recursive: true, NextToken }),
      );
      for (const parameter of page.Parameters ?? []) {
        const parsed = parseOutputsParameterName(parameter.Name ?? '');
        if (parsed?.of === 'backend') {
          all[backendStackName(parsed.envName)] = JSON.parse(parameter.Value ?? '{}') as Record<
            string,
            string
          >;
        }
      }
      NextToken = page.NextToken;
    } while (NextToken);
    return all;
  } finally {
    client.destroy();
  }
}

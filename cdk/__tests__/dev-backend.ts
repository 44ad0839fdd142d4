import type { Template } from 'aws-cdk-lib/assertions';
import {
  removeOutput,
  resourcesOfType,
  synthesize,
  templateOf,
  type CfnResource,
  type SynthResult,
} from './helpers';

/** The backend stack of a dev environment without custom domain or analytics (cdk.json's defaults). */
export interface DevBackend {
  result: SynthResult;
  t: Template;
  resources: Record<string, CfnResource>;
  /** The properties of every resource of one type. */
  props(type: string): Record<string, unknown>[];
}

/** Synthesizes the dev backend before the file's tests and removes its output after; read it in tests. */
export function devBackend(): DevBackend {
  const stack = {
    props: (type: string) =>
      resourcesOfType({ Resources: stack.resources }, type).map(([, r]) => r.Properties ?? {}),
  } as DevBackend;
  beforeAll(() => {
    stack.result = synthesize();
    stack.t = templateOf(stack.result, stack.result.backend);
    stack.resources = stack.t.toJSON().Resources as Record<string, CfnResource>;
  });
  afterAll(() => removeOutput(stack.result));
  return stack;
}

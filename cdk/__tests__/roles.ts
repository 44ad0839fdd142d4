import { pascal } from '../lib/api';
import { resourcesOfType, type CfnResource } from './helpers';

// The IAM roles of a synthesized template: which role a handler's function runs as, and what it may do.

type Resources = Record<string, CfnResource>;

/**
 * Logical id of the role of the function for a handler (ids come from pascal(handler)): an endpoint's
 * in its nested stack, a job's in the backend stack under Api.
 */
export function roleIdOf(resources: Resources, handler: string): string {
  const [id] = Object.entries(resources).find(
    ([key, r]) =>
      r.Type === 'AWS::IAM::Role' &&
      (key.startsWith(`${pascal(handler)}Role`) || key.startsWith(`Api${pascal(handler)}Role`)),
  ) ?? [''];
  return id;
}

/** Every IAM statement attached to a role, from its inline DefaultPolicy. */
export function statementsOf(
  resources: Resources,
  roleId: string,
): { Action: string | string[]; Resource: unknown }[] {
  return resourcesOfType({ Resources: resources }, 'AWS::IAM::Policy')
    .filter(([, r]) => JSON.stringify(r.Properties?.Roles).includes(`"${roleId}"`))
    .flatMap(([, r]) => (r.Properties?.PolicyDocument as { Statement: never[] }).Statement);
}

export const actionsOf = (resources: Resources, roleId: string): string[] =>
  statementsOf(resources, roleId).flatMap((s) => [s.Action].flat());

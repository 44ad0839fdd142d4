import { routes, type RouteDef } from '../../lambdas/routes';
import { deployTemplates, synthAsDeployed, type CfnTemplate } from './deploy-synth';

// Room to grow: CloudFormation refuses a template with more than 500 resources, 200 parameters or 200
// outputs, a nested stack's template included ("CloudFormation quotas", CloudFormation User Guide). The
// deploy's app is synthesized once more with fifty endpoints added to the route table, through the same
// construct code as the real ones (cdk/lib/api.ts), with stub code (no bundling) and without CDK's own
// resource check, so that this test, not the synth, says which stack is too large.

const QUOTAS = { Resources: 500, Parameters: 200, Outputs: 200 } as const;
const MORE = 50;

/** Fifty more endpoints, public and behind the JWT authorizer by turns. */
const extras: RouteDef[] = Array.from({ length: MORE }, (_, i) => ({
  method: 'POST',
  path: `/api/more-endpoint-${i}`,
  handler: `more-endpoint-${i}`,
  auth: i % 2 ? 'jwt' : 'none',
}));

type Sizes = Record<string, Record<keyof typeof QUOTAS, number>>;
const sizesOf = (templates: Record<string, CfnTemplate>): Sizes =>
  Object.fromEntries(
    Object.entries(templates).map(([name, t]) => [
      name,
      {
        Resources: Object.keys(t.Resources).length,
        Parameters: Object.keys((t as { Parameters?: object }).Parameters ?? {}).length,
        Outputs: Object.keys(t.Outputs ?? {}).length,
      },
    ]),
  );

let now: Sizes;
let grown: Sizes;
beforeAll(() => {
  now = sizesOf(deployTemplates().separate);
  grown = sizesOf(
    synthAsDeployed({
      routes: [...routes, ...extras],
      context: { '@aws-cdk/core:stackResourceLimit': 0 },
    }).separate,
  );
}, 120_000);

it(`with ${MORE} more endpoints, every stack, nested ones included, stays within CloudFormation's quotas`, () => {
  // The extras are there: one more stack or resource each, somewhere.
  const total = (sizes: Sizes) => Object.values(sizes).reduce((sum, s) => sum + s.Resources, 0);
  expect(total(grown) - total(now)).toBeGreaterThanOrEqual(MORE * 8);
  const over = Object.entries(grown).flatMap(([name, size]) =>
    (Object.keys(QUOTAS) as (keyof typeof QUOTAS)[])
      .filter((q) => size[q] > QUOTAS[q])
      .map((q) => `${name}: ${size[q]} ${q} (quota ${QUOTAS[q]})`),
  );
  expect(over).toEqual([]);
});

it(`each stack today has room for ${MORE} more endpoints at what one endpoint adds to it`, () => {
  const short = Object.entries(now).flatMap(([name, size]) => {
    const after = grown[name];
    if (!after) return [];
    // What one endpoint adds to this stack, measured; the room left must hold fifty times that.
    const perEndpoint = (after.Resources - size.Resources) / MORE;
    const room = QUOTAS.Resources - size.Resources;
    return room >= perEndpoint * MORE
      ? []
      : [`${name}: ${size.Resources} resources, ${perEndpoint} per endpoint`];
  });
  expect(short).toEqual([]);
  // The backend stack itself grows by the endpoint's nested stack alone.
  expect(grown['Stockbench-dev']?.Resources).toBe((now['Stockbench-dev']?.Resources ?? 0) + MORE);
});

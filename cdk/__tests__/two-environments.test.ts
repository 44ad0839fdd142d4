import { deployTemplates, templatesWith, type CfnTemplate } from './deploy-synth';

// Staging beside production in one account: each environment's rule takes only its own user pool's
// Cognito calls, and an environment can use a trail the account already has instead of a second one
// (only the first copy of management events is free).

const resources = (t: CfnTemplate | undefined, type: string) =>
  Object.entries(t?.Resources ?? {}).filter(([, r]) => r.Type === type);

it("the security-mail rule takes only its own user pool's calls", () => {
  const backend = deployTemplates().templates['Stockbench-dev'];
  const [poolId] = resources(backend, 'AWS::Cognito::UserPool').map(([id]) => id);
  const rules = resources(backend, 'AWS::Events::Rule').filter(([, r]) =>
    (JSON.stringify(r.Properties?.EventPattern) ?? '').includes('"aws.cognito-idp"'),
  );
  expect(rules).toHaveLength(1);
  const detail = (rules[0]?.[1].Properties?.EventPattern as { detail: Record<string, unknown> }).detail;
  // Admin calls name the pool in requestParameters, a user's own calls in the event's resources; an
  // event naming no pool reaches the handler, which looks the user up in its own pool.
  expect(detail.$or).toEqual([
    { requestParameters: { userPoolId: [{ Ref: poolId }] } },
    { resources: { ARN: [{ 'Fn::GetAtt': [poolId, 'Arn'] }] } },
    { requestParameters: { userPoolId: [{ exists: false }] }, resources: { ARN: [{ exists: false }] } },
  ]);
});

it('creates a trail of its own unless existingTrail says the account has one', () => {
  expect(resources(deployTemplates().templates['Stockbench-dev'], 'AWS::CloudTrail::Trail')).toHaveLength(1);
  const backend = templatesWith({ existingTrail: 'true' })['Stockbench-dev'];
  expect(resources(backend, 'AWS::CloudTrail::Trail')).toEqual([]);
  expect(resources(backend, 'AWS::Events::Rule').length).toBeGreaterThan(0);
});

it("watches the account's own metrics (Lambda throttling, SES reputation) once: accountAlarms=false leaves them to the first", () => {
  const accountWide = (t: CfnTemplate | undefined) =>
    resources(t, 'AWS::CloudWatch::Alarm')
      .map(([, r]) => JSON.stringify(r.Properties))
      .filter((p) => p.includes('"AWS/SES"') || (p.includes('"Throttles"') && !p.includes('"Dimensions"')));
  expect(accountWide(deployTemplates().templates['Stockbench-dev'])).toHaveLength(3);
  const second = templatesWith({ existingTrail: 'true', accountAlarms: 'false' })['Stockbench-dev'];
  expect(accountWide(second)).toEqual([]);
  // Its own alarms stay: the API, its functions, its table, its rule.
  expect(resources(second, 'AWS::CloudWatch::Alarm').length).toBeGreaterThan(10);
});

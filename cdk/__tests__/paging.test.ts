import { permissionsFor } from '../lib/handler-permissions';
import { deployTemplates, type CfnResource } from './deploy-synth';

// What pages someone, read from the templates a deploy creates: a real failure pages, a routine event
// (a person's "no" at a Cognito trigger, the smoke test's forged webhook, a scraper held back by the rate
// limits, an alarm going back to OK) does not.

type Alarm = {
  AlarmDescription?: string;
  MetricName?: string;
  Namespace?: string;
  Dimensions?: { Name: string; Value: unknown }[];
  Threshold?: number;
  Period?: number;
  ComparisonOperator?: string;
  OKActions?: unknown[];
  Metrics?: {
    Id: string;
    Expression?: string;
    MetricStat?: { Metric: { MetricName: string; Namespace: string } };
  }[];
};
const all = (type: string) =>
  Object.entries(deployTemplates().templates).flatMap(([stack, t]) =>
    Object.entries(t.Resources)
      .filter(([, r]) => r.Type === type)
      .map(([id, r]) => ({ stack, id, r })),
  );
const alarms = () =>
  all('AWS::CloudWatch::Alarm').map(({ stack, id, r }) => ({ stack, id, p: r.Properties as Alarm }));
const backend = () => deployTemplates().templates['Stockbench-dev']?.Resources ?? {};

/** The value a metric-math alarm computes from its metrics' values (CloudWatch's IF as a function). */
function evaluate(alarm: Alarm, values: Record<string, number>): number {
  const expression = alarm.Metrics?.find((m) => m.Expression)?.Expression ?? '';
  const ids = alarm.Metrics?.filter((m) => m.MetricStat).map((m) => m.Id) ?? [];
  const fn = new Function('IF', ...ids, `return ${expression};`) as (...args: unknown[]) => number;
  return fn((c: boolean, a: number, b: number) => (c ? a : b), ...ids.map((id) => values[id] ?? 0));
}
const breaches = (alarm: Alarm, value: number) =>
  alarm.ComparisonOperator === 'GreaterThanThreshold'
    ? value > (alarm.Threshold ?? 0)
    : value >= (alarm.Threshold ?? 0);

it('no alarm mails when it goes back to OK', () => {
  expect(
    alarms()
      .filter((a) => a.p.OKActions?.length)
      .map((a) => a.id),
  ).toEqual([]);
});

it("the API's 5xx alarm pages on a quiet site's failures, below 10 requests", () => {
  const api = alarms().find((a) => a.p.AlarmDescription?.includes('API requests answered 5xx'));
  const p = api?.p ?? {};
  expect(p.Metrics).toBeDefined();
  const ids = Object.fromEntries(
    (p.Metrics ?? []).flatMap((m) => (m.MetricStat ? [[m.MetricStat.Metric.MetricName, m.Id]] : [])),
  );
  const at = (errors: number, requests: number) =>
    breaches(p, evaluate(p, { [ids['5xx'] ?? '']: errors, [ids.Count ?? '']: requests }));
  expect(at(1, 1)).toBe(true);
  expect(at(2, 4)).toBe(true);
  expect(at(0, 3)).toBe(false);
  expect(at(1, 100)).toBe(false);
  expect(at(10, 100)).toBe(true);
});

it("CloudFront's 5xx alarm pages below 10 requests too; a scraper the web ACL blocks pages nobody", () => {
  const edge = alarms().filter((a) => a.stack.endsWith('-AccessLogs'));
  expect(edge.some((a) => a.p.MetricName === 'BlockedRequests')).toBe(false);
  const cf = edge.find((a) => JSON.stringify(a.p).includes('5xxErrorRate'));
  expect(cf?.p.Metrics ?? []).toEqual([]);
  expect(cf?.p).toMatchObject({ MetricName: '5xxErrorRate', Namespace: 'AWS/CloudFront' });
});

it("a Cognito trigger's refusal is not counted as a failure; its other errors are", () => {
  const trigger = alarms().find((a) => a.p.AlarmDescription?.startsWith('Lambda pre-sign-up:'));
  const p = trigger?.p ?? {};
  expect(p.Metrics).toBeDefined();
  const errorsId = p.Metrics?.find((m) => m.MetricStat?.Metric.MetricName === 'Errors')?.Id ?? '';
  const refusalsId =
    p.Metrics?.find((m) => m.MetricStat?.Metric.MetricName.startsWith('Refusals-'))?.Id ?? '';
  expect(breaches(p, evaluate(p, { [errorsId]: 3, [refusalsId]: 3 }))).toBe(false);
  expect(breaches(p, evaluate(p, { [errorsId]: 4, [refusalsId]: 3 }))).toBe(true);
});

it('one alarm per function and one for throttling across the account, not two per function', () => {
  const functions = all('AWS::Lambda::Function').filter(({ stack }) => stack === 'Stockbench-dev');
  const throttles = alarms().filter((a) => JSON.stringify(a.p).includes('"Throttles"'));
  expect(throttles).toHaveLength(1);
  expect(throttles[0]?.p.Dimensions ?? []).toEqual([]);
  const perFunction = alarms().filter((a) => a.p.AlarmDescription?.startsWith('Lambda '));
  expect(perFunction.length).toBeLessThanOrEqual(functions.length);
});

it('any 5xx of an endpoint that moves money or keys pages: its ERROR lines, at a threshold of one', () => {
  const filters = all('AWS::Logs::MetricFilter').map(({ r }) => r.Properties ?? {});
  const critical = ['stripe-webhook', 'complete-checkout', 'add-licenses', 'validate-license', 'update-card'];
  for (const handler of critical)
    expect(permissionsFor(handler).permissions.secrets?.length).toBeGreaterThan(0);
  const criticalFilters = filters.filter((f) =>
    JSON.stringify(f.MetricTransformations).includes('"CriticalFailures-dev"'),
  );
  const groups = new Set(criticalFilters.map((f) => JSON.stringify(f.LogGroupName)));
  const groupOf = (handler: string) => {
    const pascal = handler.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase());
    const entry = Object.entries(backend()).find(
      ([id, r]: [string, CfnResource]) =>
        // In the endpoint's nested stack (cdk/lib/api.ts), folded into the backend's template.
        r.Type === 'AWS::Logs::LogGroup' && id.startsWith(`${pascal}Logs`),
    );
    return JSON.stringify({ Ref: entry?.[0] });
  };
  for (const handler of critical)
    expect({ handler, paged: groups.has(groupOf(handler)) }).toEqual({ handler, paged: true });
  const alarm = alarms().find((a) => a.p.MetricName === 'CriticalFailures-dev');
  expect(alarm?.p).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
});

it("the smoke test's forged webhook, run twice, does not page", () => {
  const refused = alarms().find((a) => a.p.MetricName === 'WebhookRefused-dev');
  expect(refused?.p.Threshold).toBeGreaterThan(3);
});

it("pages on the security-mail rule's failed deliveries, on the trail stopping, and on SES's reputation", () => {
  const rule = Object.entries(backend()).find(([, r]) =>
    (JSON.stringify(r.Properties?.EventPattern) ?? '').includes('cognito-idp.amazonaws.com'),
  );
  const failed = alarms().find((a) => a.p.MetricName === 'FailedInvocations');
  expect(failed?.p).toMatchObject({ Namespace: 'AWS/Events', Threshold: 1 });
  expect(failed?.p.Dimensions).toEqual([{ Name: 'RuleName', Value: { Ref: rule?.[0] } }]);

  const trailRule = Object.values(backend()).find((r) =>
    (JSON.stringify(r.Properties?.EventPattern) ?? '').includes('StopLogging'),
  );
  expect(JSON.stringify(trailRule?.Properties?.Targets)).toContain('MonitoringAlarmTopic');

  for (const metric of ['Reputation.BounceRate', 'Reputation.ComplaintRate']) {
    expect(alarms().find((a) => a.p.MetricName === metric)?.p.Namespace).toBe('AWS/SES');
  }
});

import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLOUDFRONT_5XX_RATE_PERCENT } from '../lib/edge-alarms';
import { deployTemplates, DEPLOY_INPUTS, type CfnResource, type CfnTemplate } from './deploy-synth';

// What pages a person, and what the deploy costs while idle, both read from the templates a deploy
// creates: docs/deploying.md states the alarm count and the idle cost, and this test computes them.

let templates: Record<string, CfnTemplate>;
beforeAll(() => {
  templates = deployTemplates().templates;
});

const DOC = path.join(__dirname, '..', '..', 'docs', 'deploying.md');

const all = (type: string): { stack: string; id: string; r: CfnResource }[] =>
  Object.entries(templates).flatMap(([stack, t]) =>
    Object.entries(t.Resources)
      .filter(([, r]) => r.Type === type)
      .map(([id, r]) => ({ stack, id, r })),
  );

type AlarmProps = {
  AlarmDescription?: string;
  MetricName?: string;
  Namespace?: string;
  Dimensions?: { Name: string; Value: unknown }[];
  Metrics?: {
    MetricStat?: {
      Metric: { MetricName: string; Namespace: string; Dimensions?: { Name: string; Value: unknown }[] };
    };
  }[];
  AlarmActions?: unknown[];
  Threshold?: number;
};
const alarms = () =>
  all('AWS::CloudWatch::Alarm').map((a) => ({ ...a, p: (a.r.Properties ?? {}) as AlarmProps }));

/** Metrics an alarm is billed for: one, or each metric of its math expression. */
const billedMetrics = (p: AlarmProps): number =>
  p.Metrics ? p.Metrics.filter((m) => m.MetricStat).length : 1;

describe('alarms in us-east-1, where the edge metrics live', () => {
  const edgeAlarms = () => alarms().filter((a) => a.stack.endsWith('-AccessLogs'));

  it("CloudFront's 5xx rate for the distribution", () => {
    const alarm = edgeAlarms().find((a) => a.p.MetricName === '5xxErrorRate');
    expect(alarm?.p).toMatchObject({ Namespace: 'AWS/CloudFront', Threshold: CLOUDFRONT_5XX_RATE_PERCENT });
    expect(alarm?.p.Dimensions).toEqual(
      expect.arrayContaining([
        { Name: 'DistributionId', Value: DEPLOY_INPUTS.outputs.DistributionId },
        { Name: 'Region', Value: 'Global' },
      ]),
    );
  });

  it("every alarm notifies a topic of its own stack (an alarm's action must be in its region)", () => {
    for (const alarm of alarms()) {
      const topics = (alarm.p.AlarmActions ?? []).map((a) => (a as { Ref?: string }).Ref);
      expect({ alarm: alarm.id, topics: topics.length }).toEqual({ alarm: alarm.id, topics: 1 });
      expect(templates[alarm.stack]?.Resources[topics[0] ?? '']?.Type).toBe('AWS::SNS::Topic');
    }
  });
});

/** List prices (us-east-1, 2026) of what an idle deploy pays for; everything else costs nothing idle. */
const PRICES = {
  alarmMetric: 0.1,
  webAcl: 5,
  wafRule: 1,
  secret: 0.4,
  customMetric: 0.3,
};

function idleCost(): {
  alarms: number;
  alarmMetrics: number;
  webAcls: number;
  wafRules: number;
  secrets: number;
  customMetrics: number;
  usd: number;
} {
  const list = alarms();
  const alarmMetrics = list.reduce((n, a) => n + billedMetrics(a.p), 0);
  const acls = all('AWS::WAFv2::WebACL');
  const wafRules = acls.reduce((n, a) => n + ((a.r.Properties?.Rules as unknown[]) ?? []).length, 0);
  const secrets = all('AWS::SecretsManager::Secret').length;
  // Billed per metric, however many filters feed it (several log groups feed one failure metric).
  const customMetrics = new Set(
    all('AWS::Logs::MetricFilter').flatMap(({ r }) =>
      (r.Properties?.MetricTransformations as { MetricNamespace: string; MetricName: string }[]).map(
        (m) => `${m.MetricNamespace}/${m.MetricName}`,
      ),
    ),
  ).size;
  const usd =
    alarmMetrics * PRICES.alarmMetric +
    acls.length * PRICES.webAcl +
    wafRules * PRICES.wafRule +
    secrets * PRICES.secret +
    customMetrics * PRICES.customMetric;
  return {
    alarms: list.length,
    alarmMetrics,
    webAcls: acls.length,
    wafRules,
    secrets,
    customMetrics,
    usd: Math.round(usd * 100) / 100,
  };
}

it('docs/deploying.md states the alarm count and the idle cost the templates make', () => {
  const cost = idleCost();
  const doc = fs.readFileSync(DOC, 'utf8');
  const usd = (n: number) => n.toFixed(2);
  const expected = [
    `**Idle (no visitors): ${usd(cost.usd)} USD/month.**`,
    `${cost.alarms} CloudWatch alarms watching ${cost.alarmMetrics} metrics (${usd(cost.alarmMetrics * PRICES.alarmMetric)} USD)`,
    `${cost.webAcls} WAF web ACLs with ${cost.wafRules} rules in all (${usd(cost.webAcls * PRICES.webAcl + cost.wafRules * PRICES.wafRule)} USD)`,
    `${cost.secrets} Secrets Manager secrets (${usd(cost.secrets * PRICES.secret)} USD)`,
    `${cost.customMetrics} custom metrics from log filters (${usd(cost.customMetrics * PRICES.customMetric)} USD)`,
  ];
  expect(expected.filter((line) => !doc.includes(line))).toEqual([]);
});

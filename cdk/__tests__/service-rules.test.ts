import { STANDARD_ATTRIBUTES } from '../../dev/cognito/cognito-rules';
import { clientInput, createUserPoolInput } from '../../dev/cognito/setup';
import { jsonFilterPattern } from '../../dev/log-filter-pattern';
import { WEBHOOK_SIGNATURE_REFUSED } from '../../lambdas/lib/http';
import { REFUSAL } from '../../lambdas/lib/refusal';
import { log } from '../../lambdas/lib/log';
import { captureLogs } from '../../lambdas/__tests__/support/log-lines';
import { clientWriteAttributesRefusal } from '../lib/cognito-client-rules';
import { deployTemplates, type CfnTemplate } from './deploy-synth';

// Rules AWS services enforce that CloudFormation's validator cannot see, checked on the templates a deploy
// creates (all four stacks, with the context cdk/deploy.ts passes), each with where the rule comes from.

let templates: Record<string, CfnTemplate>;
beforeAll(() => {
  templates = deployTemplates().templates;
});

const resourcesOf = (type: string) =>
  Object.values(templates).flatMap((t) =>
    Object.entries(t.Resources)
      .filter(([, r]) => r.Type === type)
      .map(([id, r]) => ({ id, ...r, template: t })),
  );

interface SchemaEntry {
  Name: string;
  Required?: boolean;
  Mutable?: boolean;
}

describe('Cognito: every app client can write every required attribute; none writes email', () => {
  // Cognito Developer Guide, "User pool attributes": "Required attributes in a user pool are always
  // writable"; otherwise "Invalid write attributes specified while creating a client" (aws-cdk 2608, 20760).
  it('holds for each client of each pool', () => {
    const clients = resourcesOf('AWS::Cognito::UserPoolClient');
    expect(clients.length).toBeGreaterThan(0);
    for (const client of clients) {
      const poolId = (client.Properties?.UserPoolId as { Ref: string }).Ref;
      const pool = client.template.Resources[poolId]?.Properties ?? {};
      const schema = ((pool.Schema ?? []) as SchemaEntry[]).map((a) => ({
        name: STANDARD_ATTRIBUTES.has(a.Name) ? a.Name : `custom:${a.Name}`,
        required: a.Required === true,
      }));
      const write = client.Properties?.WriteAttributes as string[] | undefined;
      expect({ client: client.id, refusal: clientWriteAttributesRefusal(schema, write) }).toEqual({
        client: client.id,
        refusal: undefined,
      });
      // Unset would let the client write every standard attribute, email included.
      expect(write).toBeDefined();
      expect(write).not.toContain('email');
      // Email still reaches every account: with email as the username, SignUp fills the email attribute
      // from it ("User pool attributes", Option 2: "the user pool automatically populates the email
      // attribute of the user with the username value").
      expect(pool.UsernameAttributes).toEqual(['email']);
    }
  });

  it('the local pool and client are built from the same settings (dev/cognito/setup.ts)', () => {
    const [pool] = resourcesOf('AWS::Cognito::UserPool');
    const [client] = resourcesOf('AWS::Cognito::UserPoolClient');
    const local = createUserPoolInput();
    const deployed = pool?.Properties ?? {};
    const byName = (schema: { Name?: string; Required?: boolean; Mutable?: boolean }[]) =>
      Object.fromEntries(schema.map((a) => [a.Name, { required: a.Required === true, mutable: a.Mutable }]));
    expect(byName(local.Schema)).toEqual(byName(deployed.Schema as SchemaEntry[]));
    expect(local.UsernameAttributes).toEqual(deployed.UsernameAttributes);
    expect(local.AutoVerifiedAttributes).toEqual(deployed.AutoVerifiedAttributes);
    expect(local.Policies.PasswordPolicy.MinimumLength).toBe(
      (deployed.Policies as { PasswordPolicy: { MinimumLength: number } }).PasswordPolicy.MinimumLength,
    );
    const localClient = clientInput();
    expect({
      WriteAttributes: localClient.WriteAttributes,
      ExplicitAuthFlows: localClient.ExplicitAuthFlows,
      PreventUserExistenceErrors: localClient.PreventUserExistenceErrors,
      EnableTokenRevocation: localClient.EnableTokenRevocation,
      AuthSessionValidity: localClient.AuthSessionValidity,
    }).toEqual({
      WriteAttributes: client?.Properties?.WriteAttributes,
      ExplicitAuthFlows: client?.Properties?.ExplicitAuthFlows,
      PreventUserExistenceErrors: client?.Properties?.PreventUserExistenceErrors,
      EnableTokenRevocation: client?.Properties?.EnableTokenRevocation,
      AuthSessionValidity: client?.Properties?.AuthSessionValidity,
    });
  });
});

describe('API Gateway: every key of a stage RouteSettings is a route the stage depends on', () => {
  // A stage created before a route its RouteSettings name fails: "Unable to find Route by key ... within
  // the provided RouteSettings" (API Gateway V2, AWS::ApiGatewayV2::Stage RouteSettings).
  it('holds for each stage', () => {
    const stages = resourcesOf('AWS::ApiGatewayV2::Stage');
    expect(stages.length).toBeGreaterThan(0);
    const routes = resourcesOf('AWS::ApiGatewayV2::Route');
    for (const stage of stages) {
      const keys = Object.keys((stage.Properties?.RouteSettings ?? {}) as object);
      expect(keys.length).toBeGreaterThan(0);
      const dependsOn = new Set([stage.DependsOn ?? []].flat() as string[]);
      for (const key of keys) {
        const route = routes.find((r) => r.Properties?.RouteKey === key && r.template === stage.template);
        expect({ key, route: route?.id }).toEqual({ key, route: expect.any(String) });
        expect({ key, stageDependsOnRoute: dependsOn.has(route?.id ?? '') }).toEqual({
          key,
          stageDependsOnRoute: true,
        });
      }
    }
  });
});

describe('CloudWatch Logs: every metric filter counts the lines Lambda writes for its event and no other', () => {
  // The lines a function with the JSON log format writes (cdk/lib/node-function.ts): the runtime wraps
  // console calls as {timestamp, level, requestId, message} and a thrown error as an ERROR line whose
  // message is {errorType, errorMessage, stackTrace} (aws-lambda-nodejs-runtime-interface-client,
  // src/logging/formatter.ts and its tests); the logger's own JSON lines (lambdas/lib/log.ts) pass as
  // they are; Lambda's platform lines are {time, type, record}.
  const runtime = (level: string, message: unknown) =>
    JSON.stringify({
      timestamp: '2026-01-01T00:00:00.000Z',
      level,
      requestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef',
      message,
    });
  const loggerLines = (
    level: 'info' | 'warn' | 'error',
    message: string,
    extra?: Record<string, unknown>,
  ) => {
    const logs = captureLogs();
    log(
      level,
      message,
      {
        requestContext: { requestId: 'req-1', http: { method: 'POST', path: '/api/stripe-webhook' } },
      } as never,
      extra,
    );
    logs.restore();
    return logs.lines().map((l) => JSON.stringify(l));
  };
  const errors = () => [
    ...loggerLines('error', 'unhandled error', { error: { name: 'StripeAPIError' } }),
    ...loggerLines('error', 'secret not configured'),
    runtime('ERROR', 'a console.error line'),
    runtime('ERROR', {
      errorType: 'TypeError',
      errorMessage: 'x is undefined',
      stackTrace: ['TypeError: x'],
    }),
  ];
  // A Cognito trigger's "no" (lambdas/lib/refusal.ts): the runtime's line for the thrown Refusal.
  const refusal = () =>
    runtime('ERROR', { errorType: REFUSAL, errorMessage: 'Too many mails', stackTrace: ['Refusal: x'] });
  const refused = () =>
    loggerLines('warn', WEBHOOK_SIGNATURE_REFUSED, { error: { name: 'InvalidWebhookSignatureError' } });
  const others = () => [
    ...loggerLines('info', 'webhook for a deleted account'),
    ...loggerLines('warn', 'webhook for unknown customer'),
    runtime('INFO', 'a console.log line'),
    runtime('WARN', 'a console.warn line'),
    // What the filter matched before: our own JSON printed with console.error becomes the message string.
    runtime('INFO', JSON.stringify({ level: 'error', msg: 'an error, as a string' })),
    JSON.stringify({
      time: '2026-01-01T00:00:00.000Z',
      type: 'platform.start',
      record: { requestId: 'r', version: '$LATEST' },
    }),
    JSON.stringify({
      time: '2026-01-01T00:00:00.000Z',
      type: 'platform.report',
      record: { requestId: 'r', status: 'success' },
    }),
    'START RequestId: c793869b Version: $LATEST',
  ];
  it('holds for each metric filter', () => {
    /** What each filter (by the metric it feeds) must count; every other line must not count. */
    const EXPECTED: Record<string, string[]> = {
      CriticalFailures: [...errors(), refusal()],
      WebhookRefused: refused(),
      Refusals: [refusal()],
    };
    const all = [...Object.values(EXPECTED).flat(), ...others()];
    const filters = resourcesOf('AWS::Logs::MetricFilter');
    expect(filters.length).toBeGreaterThan(0);
    for (const filter of filters) {
      const metricName = String(
        (filter.Properties?.MetricTransformations as { MetricName: string }[])[0]?.MetricName,
      );
      const kind = Object.keys(EXPECTED).find((k) => metricName.startsWith(`${k}-`));
      expect({ metricName, known: Boolean(kind) }).toEqual({ metricName, known: true });
      const matches = jsonFilterPattern(String(filter.Properties?.FilterPattern));
      const counted = EXPECTED[kind ?? ''] ?? [];
      expect({ metricName, missed: counted.filter((line) => !matches(line)) }).toEqual({
        metricName,
        missed: [],
      });
      expect({ metricName, extra: all.filter((line) => !counted.includes(line) && matches(line)) }).toEqual({
        metricName,
        extra: [],
      });
    }
  });
});

import { Match, type Template } from 'aws-cdk-lib/assertions';
import { removeOutput, synthesize, type SynthResult, templateOf } from './helpers';

// Production with a custom domain, SES mail, alarm email, analytics and passkeys: what changes from dev.

let result: SynthResult;
let t: Template;

beforeAll(() => {
  result = synthesize({
    env: 'production',
    domainName: 'www.stockbench.app',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    sesIdentity: 'stockbench.app',
    alarmEmail: 'ops@stockbench.app',
    analyticsId: 'G-TEST123',
    machineLimit: 3,
    passkeys: 'true',
  });
  t = templateOf(result, result.backend);
});

afterAll(() => removeOutput(result));

it('passes cdk-nag (CFR4 is met by the custom certificate, not acknowledged)', () => {
  expect(result.nagViolations).toEqual([]);
});

it('every bucket is retained and never emptied by the stack (logs and the site outlive a stack mistake)', () => {
  const templates = [result.backend, result.edge, result.accessLogs]
    .filter((s) => s !== undefined)
    .map((s) => templateOf(result, s));
  for (const template of templates) {
    for (const bucket of Object.values(template.findResources('AWS::S3::Bucket'))) {
      expect(bucket).toMatchObject({ DeletionPolicy: 'Retain' });
    }
    expect(template.findResources('Custom::S3AutoDeleteObjects')).toEqual({});
  }
});

it('table, user pool, secrets and logs are retained; table and pool deletion-protected', () => {
  t.hasResource('AWS::DynamoDB::Table', {
    DeletionPolicy: 'Retain',
    UpdateReplacePolicy: 'Retain',
    Properties: {
      DeletionProtectionEnabled: true,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    },
  });
  t.hasResource('AWS::Cognito::UserPool', {
    DeletionPolicy: 'Retain',
    Properties: { DeletionProtection: 'ACTIVE' },
  });
  for (const type of ['AWS::SecretsManager::Secret', 'AWS::Logs::LogGroup']) {
    for (const r of Object.values(t.findResources(type))) expect(r.DeletionPolicy).toBe('Retain');
  }
});

it('custom domain with TLS 1.2 minimum, SNI', () => {
  t.hasResourceProperties('AWS::CloudFront::Distribution', {
    DistributionConfig: {
      Aliases: ['www.stockbench.app'],
      ViewerCertificate: {
        AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
        MinimumProtocolVersion: 'TLSv1.2_2021',
        SslSupportMethod: 'sni-only',
      },
    },
  });
  expect(t.toJSON().Outputs.GatsbySiteUrl).toMatchObject({ Value: 'https://www.stockbench.app' });
  expect(t.toJSON().Outputs.StripeWebhookUrl).toMatchObject({
    Value: 'https://www.stockbench.app/api/stripe-webhook',
  });
});

it('Cognito mails through SES from mailFrom; mail-sending handlers may send as that identity', () => {
  t.hasResourceProperties('AWS::Cognito::UserPool', {
    EmailConfiguration: { EmailSendingAccount: 'DEVELOPER', From: 'Stockbench <no-reply@stockbench.app>' },
  });
  expect(JSON.stringify(t.toJSON())).toContain(':identity/stockbench.app');
});

it('CSP admits the analytics hosts when analytics is on', () => {
  const [policy] = Object.values(t.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
  const csp = JSON.stringify(policy);
  expect(csp).toContain(
    "script-src 'self' https://js.stripe.com https://*.js.stripe.com https://www.googletagmanager.com;",
  );
  expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
  const outputs = t.toJSON().Outputs;
  expect(outputs.GatsbyAnalyticsEnabled).toMatchObject({ Value: 'true' });
  expect(outputs.GatsbyAnalyticsId).toMatchObject({ Value: 'G-TEST123' });
});

it('alarm email subscribed; stack termination-protected', () => {
  t.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@stockbench.app' });
  expect(result.backend.terminationProtection).toBe(true);
});

it("a seller's machine limit reaches validate-license and get-machines, and the site build", () => {
  const fns = Object.values(t.findResources('AWS::Lambda::Function')).map(
    (r) => r.Properties as { Description?: string; Environment?: { Variables?: Record<string, unknown> } },
  );
  for (const handler of ['validate-license', 'get-machines']) {
    const fn = fns.find((p) => p.Description === `BFF handler ${handler}`);
    expect(fn?.Environment?.Variables?.LICENSE_MACHINE_LIMIT).toBe('3');
  }
  expect(t.toJSON().Outputs.GatsbyLicenseMachineLimit).toMatchObject({ Value: '3' });
});

it('passkeys, turned on, belong to the custom domain: the user pool names it as their relying party', () => {
  t.hasResourceProperties('AWS::Cognito::UserPool', {
    Policies: Match.objectLike({ SignInPolicy: { AllowedFirstAuthFactors: ['PASSWORD', 'WEB_AUTHN'] } }),
    WebAuthnRelyingPartyID: 'www.stockbench.app',
    WebAuthnUserVerification: 'required',
  });
  // The site build shows them (GATSBY_PASSKEYS) only where the pool takes them.
  expect(t.toJSON().Outputs.GatsbyPasskeys).toMatchObject({ Value: 'true' });
});

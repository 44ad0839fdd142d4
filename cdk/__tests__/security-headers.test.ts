import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { contentSecurityPolicy, cspDirectives, STRIPE_API, STRIPE_HOOKS, STRIPE_JS } from '../lib/csp';
import { localCspDirectives, securityHeaders, serializeCsp } from '../lib/security-headers';
import { Site } from '../lib/site';
import { cdkJsonContext } from './helpers';

// securityHeaders() is what the local site server sends and what `npm run smoke` expects from a deploy:
// it must be exactly what CloudFront's response headers policy makes CloudFront send.

interface PolicyConfig {
  SecurityHeadersConfig: {
    StrictTransportSecurity: {
      AccessControlMaxAgeSec: number;
      IncludeSubdomains?: boolean;
      Preload?: boolean;
    };
    ContentSecurityPolicy: { ContentSecurityPolicy: string };
    ContentTypeOptions?: object;
    FrameOptions: { FrameOption: string };
    ReferrerPolicy: { ReferrerPolicy: string };
  };
  CustomHeadersConfig?: { Items: { Header: string; Value: string }[] };
}

/** The headers CloudFront adds for a policy (header names lower-cased). */
function headersSentFor(config: PolicyConfig): Record<string, string> {
  const s = config.SecurityHeadersConfig;
  const hsts = s.StrictTransportSecurity;
  return {
    'strict-transport-security':
      `max-age=${hsts.AccessControlMaxAgeSec}` +
      (hsts.IncludeSubdomains ? '; includeSubDomains' : '') +
      (hsts.Preload ? '; preload' : ''),
    'content-security-policy': s.ContentSecurityPolicy.ContentSecurityPolicy,
    ...(s.ContentTypeOptions ? { 'x-content-type-options': 'nosniff' } : {}),
    'x-frame-options': s.FrameOptions.FrameOption,
    'referrer-policy': s.ReferrerPolicy.ReferrerPolicy,
    ...Object.fromEntries(
      (config.CustomHeadersConfig?.Items ?? []).map((h) => [h.Header.toLowerCase(), h.Value]),
    ),
  };
}

function synthesizedPolicy(analyticsEnabled: boolean): PolicyConfig {
  // cdk.json's context, as the deployed app has it (its feature flags decide how log buckets are granted).
  const stack = new Stack(new App({ context: cdkJsonContext }), 'T', {
    env: { account: '123456789012', region: 'eu-west-1' },
  });
  new Site(stack, 'Site', {
    production: false,
    apiOriginDomainName: 'abc.execute-api.eu-west-1.amazonaws.com',
    cognitoRegion: 'eu-west-1',
    analyticsEnabled,
  });
  const policies = Template.fromStack(stack).findResources('AWS::CloudFront::ResponseHeadersPolicy');
  const [policy] = Object.values(policies) as { Properties: { ResponseHeadersPolicyConfig: PolicyConfig } }[];
  if (!policy) throw new Error('no response headers policy');
  return policy.Properties.ResponseHeadersPolicyConfig;
}

it.each([false, true])(
  'securityHeaders() is what the CloudFront policy sends (analytics %s)',
  (analytics) => {
    const csp = cspDirectives({ cognitoRegion: 'eu-west-1', analyticsEnabled: analytics });
    expect(securityHeaders({ csp, https: true })).toEqual(headersSentFor(synthesizedPolicy(analytics)));
  },
);

it('serializeCsp writes what contentSecurityPolicy writes', () => {
  for (const analyticsEnabled of [false, true]) {
    const options = { cognitoRegion: 'us-east-2', analyticsEnabled };
    expect(serializeCsp(cspDirectives(options))).toBe(contentSecurityPolicy(options));
  }
});

describe('the local stack', () => {
  const local = {
    stripeJs: 'http://127.0.0.1:12111/js/stripe.js',
    stripeApi: 'http://127.0.0.1:12111',
    cognito: 'http://127.0.0.1:9229',
  };

  it('swaps Stripe and Cognito for their local stand-ins and keeps every other source', () => {
    const directives = localCspDirectives(local);
    const production = cspDirectives({ cognitoRegion: 'us-east-1', analyticsEnabled: false });
    expect(Object.keys(directives)).toEqual(Object.keys(production));
    expect(directives['script-src']).toEqual(["'self'", 'http://127.0.0.1:12111']);
    expect(directives['connect-src']).toEqual(["'self'", 'http://127.0.0.1:12111', 'http://127.0.0.1:9229']);
    expect(directives['frame-src']).toEqual(['http://127.0.0.1:12111']);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    const all = Object.values(directives).flat();
    for (const host of [STRIPE_JS, STRIPE_HOOKS, STRIPE_API]) expect(all).not.toContain(host);
    expect(all.join(' ')).not.toContain('amazonaws');
  });

  it('over http: no HSTS and no upgrade-insecure-requests; the rest as in production', () => {
    const headers = securityHeaders({ csp: localCspDirectives(local), https: false });
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
  });
});

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readAppConfig } from '../lib/app-config';
import { contentSecurityPolicy, cspDirectives, STRIPE_JS_CSP } from '../lib/csp';
import { FUNCTION_CODE_FILE } from '../lib/site';
import { siteBuildEnv, SITE_BUILD_VARIABLES } from '../lib/site-build-env';
import { externalizeHtml, externalizeInlineScripts, INLINE_DIR } from '../site/externalize-inline-scripts';
import { cdkJsonContext } from './helpers';

// Pure pieces: the CloudFront Function, the CSP builder, the inline-script step, config parsing.

type Handler = (event: { request: { uri: string } }) => { uri: string };
// CloudFront Functions are plain scripts defining `handler`; evaluate the shipped file as is.
const directoryIndex = new Function(
  `${fs.readFileSync(FUNCTION_CODE_FILE, 'utf8')}; return handler;`,
)() as Handler;
const rewrite = (uri: string): string => directoryIndex({ request: { uri } }).uri;

describe('directory index function', () => {
  it.each([
    ['/', '/index.html'],
    ['/tools/', '/tools/index.html'],
    ['/tools', '/tools/index.html'],
    ['/tool/t01-treasury-rates', '/tool/t01-treasury-rates/index.html'],
    ['/tools/tools.json', '/tools/tools.json'],
    ['/app-1a2b3c.js', '/app-1a2b3c.js'],
    ['/404.html', '/404.html'],
    ['/page-data/tools/page-data.json', '/page-data/tools/page-data.json'],
    ['/v1.2/notes', '/v1.2/notes/index.html'],
  ])('%s -> %s', (uri, expected) => {
    expect(rewrite(uri)).toBe(expected);
  });
});

describe('CSP', () => {
  it('allows exactly self, Stripe and Cognito without analytics', () => {
    expect(contentSecurityPolicy({ cognitoRegion: 'eu-west-1', analyticsEnabled: false })).toBe(
      "default-src 'self'; script-src 'self' https://js.stripe.com https://*.js.stripe.com; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data:; font-src 'self'; " +
        "connect-src 'self' https://api.stripe.com https://cognito-idp.eu-west-1.amazonaws.com; " +
        "frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com; frame-ancestors 'none'; object-src 'none'; " +
        "base-uri 'self'; form-action 'self'; upgrade-insecure-requests",
    );
  });
  it('adds GA4 hosts only when analytics is on; never unsafe script sources', () => {
    const d = cspDirectives({ cognitoRegion: 'us-east-1', analyticsEnabled: true });
    expect(d['script-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://www.googletagmanager.com',
    ]);
    expect(d['connect-src']).toContain('https://*.google-analytics.com');
    // No unsafe source, and no wildcard but the one Stripe's guide asks for.
    expect(d['script-src']?.filter((s) => /unsafe|\*/.test(s))).toEqual(['https://*.js.stripe.com']);
  });
  it("allows every origin Stripe's published CSP list names for Stripe.js", () => {
    for (const analyticsEnabled of [false, true]) {
      const d = cspDirectives({ cognitoRegion: 'eu-west-1', analyticsEnabled });
      for (const [directive, sources] of Object.entries(STRIPE_JS_CSP)) {
        expect({ directive, missing: sources.filter((s) => !d[directive]?.includes(s)) }).toEqual({
          directive,
          missing: [],
        });
      }
    }
  });
  it("fits CloudFront's 1,783-character limit", () => {
    expect(
      contentSecurityPolicy({ cognitoRegion: 'ap-southeast-2', analyticsEnabled: true }).length,
    ).toBeLessThan(1783);
  });
});

describe('inline scripts', () => {
  const page =
    '<html><head><script type="application/ld+json">{"@type":"WebSite"}</script>' +
    '<script type="module">const e=1;</script></head><body><div id="___gatsby"></div>' +
    '<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/tools/";/*]]>*/</script>' +
    '<script id="gatsby-chunk-mapping">/*<![CDATA[*/window.___chunkMapping="{}";/*]]>*/</script>' +
    '<script src="/app-123.js" async=""></script></body></html>';

  it('moves executable inline scripts to content-addressed files, in order, keeping attributes', () => {
    const { html, scripts } = externalizeHtml(page);
    expect(scripts.size).toBe(3);
    expect(html).toContain('<script type="application/ld+json">{"@type":"WebSite"}</script>');
    expect(html).toMatch(/<script type="module" src="\/_inline\/[0-9a-f]{20}\.js"><\/script>/);
    expect(html).toMatch(/<script id="gatsby-script-loader" src="\/_inline\/[0-9a-f]{20}\.js"><\/script>/);
    expect(html).toContain('<script src="/app-123.js" async=""></script>');
    expect(html.indexOf('gatsby-script-loader')).toBeLessThan(html.indexOf('gatsby-chunk-mapping'));
    expect([...scripts.values()]).toContain('/*<![CDATA[*/window.pagePath="/tools/";/*]]>*/');
    expect(html).not.toMatch(/<script(?![^>]*(src=|ld\+json))[^>]*>[^<]/);
  });
  it('rewrites a built site in place and shares identical scripts between pages', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockbench-inline-'));
    fs.mkdirSync(path.join(dir, 'tools'));
    fs.writeFileSync(path.join(dir, 'index.html'), page.replace('/tools/', '/'));
    fs.writeFileSync(path.join(dir, 'tools', 'index.html'), page);
    expect(externalizeInlineScripts(dir)).toEqual({ pages: 2, scripts: 4 });
    expect(fs.readdirSync(path.join(dir, INLINE_DIR))).toHaveLength(4);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('app config', () => {
  const read = (extra: Record<string, unknown>) => (key: string) => ({ ...cdkJsonContext, ...extra })[key];
  it('reads cdk.json defaults', () => {
    expect(readAppConfig(read({}))).toMatchObject({ envName: 'dev', supportEmail: 'support@stockbench.app' });
  });
  it('wants domain and certificate together', () => {
    expect(() => readAppConfig(read({ domainName: 'www.example.com' }))).toThrow(/together/);
  });
  it('rejects an unusable env name', () => {
    expect(() => readAppConfig(read({ env: 'Prod Env' }))).toThrow(/env/);
  });
  it('has no machine limit unless machineLimit is a whole number from 1 to 100', () => {
    expect(readAppConfig(read({})).machineLimit).toBeUndefined();
    expect(readAppConfig(read({ machineLimit: 3 })).machineLimit).toBe(3);
    expect(readAppConfig(read({ machineLimit: '5' })).machineLimit).toBe(5);
    for (const bad of [0, -2, 2.5, 'many', 101]) {
      expect(() => readAppConfig(read({ machineLimit: bad }))).toThrow(/machineLimit/);
    }
  });
});

it('site build variables map back from stack outputs; a missing one is empty', () => {
  const env = siteBuildEnv({ GatsbySiteUrl: 'https://x.example', GatsbyApiBase: '/api' });
  expect(Object.keys(env)).toEqual([...SITE_BUILD_VARIABLES]);
  expect(env.GATSBY_SITE_URL).toBe('https://x.example');
  expect(env.GATSBY_ANALYTICS_ID).toBe('');
});

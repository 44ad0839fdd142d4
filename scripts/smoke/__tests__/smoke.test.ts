import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { calculateJwkThumbprint, SignJWT } from 'jose';
import Stripe from 'stripe';
import { cspDirectives } from '../../../cdk/lib/csp';
import { localCspDirectives, securityHeaders, serializeCsp } from '../../../cdk/lib/security-headers';
import { parseSmokeArgs } from '../args';
import { checkOriginRefused } from '../checks';
import { deployCsp, parseCsp, regionInCsp, securityHeaderProblems } from '../headers';
import { recoveryLinkIn } from '../recovery-code';
import { Report } from '../report';
import { smokeAlias, verifyStatement } from '../round-trip';
import { jwtClaims } from '../session';
import { smoke } from '../run';
import { stackOutputsFor, type Target } from '../target';

// The smoke script's own logic, with no stack: arguments, header checks, the helpers of the round trip,
// and the public checks against a small fake deploy.

describe('arguments', () => {
  const parse = (argv: string[], env: Record<string, string> = {}) => parseSmokeArgs(argv, env);

  it('no arguments: the local stack in .local, credentials from the environment when set', () => {
    expect(parse([])).toEqual({
      help: false,
      options: expect.objectContaining({ url: undefined, localDir: '.local', email: undefined }),
    });
    expect(parse([], { LOCAL_DIR: '/tmp/x', SMOKE_EMAIL: ' a@b.c ', SMOKE_PASSWORD: 'pw' })).toEqual({
      help: false,
      options: expect.objectContaining({ localDir: '/tmp/x', email: 'a@b.c', password: 'pw' }),
    });
  });

  it('flags win over the environment; --url becomes its origin', () => {
    const parsed = parse(
      [
        '--url',
        'https://www.example.com/some/page',
        '--email',
        'x@y.z',
        '--password=p w',
        '--region',
        'eu-west-1',
      ],
      { SMOKE_EMAIL: 'env@y.z', SMOKE_PASSWORD: 'env' },
    );
    expect(parsed).toEqual({
      help: false,
      options: expect.objectContaining({
        url: 'https://www.example.com',
        email: 'x@y.z',
        password: 'p w',
        region: 'eu-west-1',
      }),
    });
    expect(parse(['--client-id', 'abc', '--table', 't', '--outputs', 'o.json'])).toEqual({
      help: false,
      options: expect.objectContaining({ clientId: 'abc', table: 't', outputsFile: 'o.json' }),
    });
  });

  it('refuses what it does not know', () => {
    expect(parse(['--nope'])).toEqual({ error: expect.stringContaining('--nope') });
    expect(parse(['--url', 'not a url'])).toEqual({ error: expect.stringContaining('not a URL') });
    expect(parse(['--url', 'ftp://x.y'])).toEqual({ error: expect.stringContaining('http or https') });
    expect(parse(['extra'])).toEqual({ error: expect.stringContaining("'extra'") });
    expect(parse(['--help'])).toEqual({ help: true });
  });
});

describe('security headers', () => {
  const production = cspDirectives({ cognitoRegion: 'eu-west-1', analyticsEnabled: false });
  const headersOf = (values: Record<string, string>) => (name: string) => values[name.toLowerCase()] ?? null;
  const prodHeaders = securityHeaders({ csp: production, https: true });

  it("production's headers pass; so does the local stack's over http", () => {
    expect(securityHeaderProblems(headersOf(prodHeaders), { csp: [production], https: true })).toEqual([]);
    const local = localCspDirectives({
      stripeJs: 'http://127.0.0.1:12111/js/stripe.js',
      stripeApi: 'http://127.0.0.1:12111',
      cognito: 'http://127.0.0.1:9229',
    });
    const localHeaders = securityHeaders({ csp: local, https: false });
    expect(securityHeaderProblems(headersOf(localHeaders), { csp: [local], https: false })).toEqual([]);
    // The local stack's headers are not production's.
    expect(securityHeaderProblems(headersOf(localHeaders), { csp: [production], https: false })).not.toEqual(
      [],
    );
  });

  it('names each missing or wrong header', () => {
    const { 'strict-transport-security': _hsts, ...noHsts } = prodHeaders;
    expect(securityHeaderProblems(headersOf(noHsts), { csp: [production], https: true })).toEqual([
      'no Strict-Transport-Security',
    ]);
    // Over http, HSTS is not expected (and upgrade-insecure-requests is not either).
    expect(
      securityHeaderProblems(headersOf(securityHeaders({ csp: production, https: false })), {
        csp: [production],
        https: false,
      }),
    ).toEqual([]);
    expect(
      securityHeaderProblems(
        headersOf({ ...prodHeaders, 'x-frame-options': 'SAMEORIGIN', 'x-content-type-options': '' }),
        { csp: [production], https: true },
      ),
    ).toEqual(['X-Content-Type-Options is "", not "nosniff"', 'X-Frame-Options is "SAMEORIGIN", not "DENY"']);
    expect(
      securityHeaderProblems(headersOf({ ...prodHeaders, 'strict-transport-security': 'max-age=300' }), {
        csp: [production],
        https: true,
      }),
    ).toEqual([expect.stringContaining('Strict-Transport-Security is "max-age=300"')]);
    const { 'content-security-policy': _csp, 'referrer-policy': _r, ...noCsp } = prodHeaders;
    expect(securityHeaderProblems(headersOf(noCsp), { csp: [production], https: true })).toEqual([
      'no Content-Security-Policy',
      'no Referrer-Policy',
    ]);
  });

  it("flags 'unsafe-inline' scripts and framing once each, and any other CSP difference", () => {
    const weak = {
      ...production,
      'script-src': [...(production['script-src'] ?? []), "'unsafe-inline'"],
      'frame-ancestors': ['*'],
      'img-src': ["'self'"],
      'worker-src': ['blob:'],
    };
    const problems = securityHeaderProblems(
      headersOf({ ...prodHeaders, 'content-security-policy': serializeCsp(weak) }),
      { csp: [production], https: true },
    );
    expect(problems).toEqual([
      "script-src allows 'unsafe-inline'",
      "frame-ancestors is *, not 'none'",
      'CSP img-src: lacks data:',
      'CSP has unexpected worker-src blob:',
    ]);
  });

  it('a deploy whose analytics setting is unknown may carry either CSP', () => {
    const withAnalytics = securityHeaders({
      csp: cspDirectives({ cognitoRegion: 'eu-west-1', analyticsEnabled: true }),
      https: true,
    });
    expect(
      securityHeaderProblems(headersOf(withAnalytics), {
        csp: deployCsp('eu-west-1', undefined),
        https: true,
      }),
    ).toEqual([]);
    expect(
      securityHeaderProblems(headersOf(withAnalytics), { csp: deployCsp('eu-west-1', false), https: true }),
    ).toContainEqual(expect.stringContaining('script-src: has extra https://www.googletagmanager.com'));
  });

  it('parses a CSP and finds the Cognito region in it', () => {
    const value = prodHeaders['content-security-policy'] ?? '';
    expect(parseCsp(value)).toEqual(production);
    expect(parseCsp("Default-Src 'self';; default-src *")).toEqual({ 'default-src': ["'self'"] });
    expect(regionInCsp(value)).toBe('eu-west-1');
    expect(regionInCsp("default-src 'self'")).toBeUndefined();
  });
});

describe('round-trip helpers', () => {
  it('the smoke alias is a plus address of the user', () => {
    expect(smokeAlias('demo@stockbench.app')).toBe('demo+smoke@stockbench.app');
    expect(smokeAlias('ops+qa@example.com')).toBe('ops+qa-smoke@example.com');
    expect(() => smokeAlias('nobody')).toThrow('not an email address');
  });

  it('finds the recovery link in a mail', () => {
    const text =
      'restore your address with this link:\nhttp://127.0.0.1:8000/auth?mode=recoverEmail&oobCode=abc_DEF-123\n';
    expect(recoveryLinkIn(text)).toEqual({ code: 'abc_DEF-123', origin: 'http://127.0.0.1:8000' });
    const html = '<a href="https://www.example.com/auth?mode=recoverEmail&amp;oobCode=xyz">restore</a>';
    expect(recoveryLinkIn(html)).toEqual({ code: 'xyz', origin: 'https://www.example.com' });
    expect(recoveryLinkIn('https://x.y/auth?mode=verifyEmail&oobCode=1')).toBeUndefined();
  });

  it('checks a license statement with the published key, as the desktop application does', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const other = generateKeyPairSync('ed25519');
    const jws = (key = privateKey, kid = 'k1', claims: { iss?: string; exp?: number } = {}) =>
      new SignJWT({ key: 'K' })
        .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'license+jwt' })
        .setSubject('u1')
        .setIssuer(claims.iss ?? 'stockbench-license')
        .setExpirationTime(claims.exp ?? 2e9)
        .sign(key);
    const published = { key: publicKey, kid: 'k1' };
    await expect(verifyStatement(await jws(), published)).resolves.toMatchObject({ sub: 'u1', key: 'K' });
    await expect(verifyStatement(await jws(other.privateKey), published)).rejects.toThrow('does not verify');
    await expect(verifyStatement(await jws(privateKey, 'k2'), published)).rejects.toThrow('kid');
    await expect(
      verifyStatement(await jws(privateKey, 'k1', { iss: 'elsewhere' }), published),
    ).rejects.toThrow('iss');
    await expect(verifyStatement(await jws(privateKey, 'k1', { exp: 1e9 }), published)).rejects.toThrow(
      'exp',
    );
    expect(jwtClaims(await jws())).toMatchObject({ sub: 'u1' });
  });

  it("finds the deploy's stack in the outputs file by its site", () => {
    const outputs = {
      'Stockbench-staging': {
        GatsbySiteUrl: 'https://staging.example.com',
        DistributionDomainName: 'd1.cloudfront.net',
      },
      'Stockbench-production': {
        GatsbySiteUrl: 'https://www.example.com',
        DistributionDomainName: 'd2.cloudfront.net',
        GatsbyCognitoRegion: 'eu-west-1',
      },
    };
    expect(stackOutputsFor(outputs, 'https://www.example.com')?.stackName).toBe('Stockbench-production');
    expect(stackOutputsFor(outputs, 'https://d1.cloudfront.net')?.stackName).toBe('Stockbench-staging');
    expect(stackOutputsFor(outputs, 'https://elsewhere.example.com')).toBeUndefined();
  });

  it('prints one line per check and a summary', async () => {
    const lines: string[] = [];
    const report = new Report((line) => lines.push(line));
    await report.check('first', () => Promise.resolve('fine'));
    await report.check('second', () => Promise.reject(new Error('broke')));
    expect(lines).toEqual(['ok   first: fine', 'FAIL second: broke']);
    expect(report.summary('here')).toBe('smoke: 1 of 2 checks FAILED, 1 passed (here)');
  });
});

describe('the public checks against a fake deploy', () => {
  const webhookSecret = 'whsec_fake';
  const { publicKey } = generateKeyPairSync('ed25519');
  const bare = publicKey.export({ format: 'jwk' });
  let jwk: typeof bare & { kid: string; alg: string; use: string };
  let pageHeaders: Record<string, string>;
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    jwk = {
      ...bare,
      kid: await calculateJwkThumbprint({ kty: 'OKP', crv: bare.crv, x: bare.x }),
      alg: 'EdDSA',
      use: 'sig',
    };
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const json = (status: number, value: unknown) =>
          res
            .writeHead(status, { 'content-type': 'application/json', ...pageHeaders })
            .end(JSON.stringify(value));
        if (req.url === '/api/health') return json(200, { status: 'ok' });
        if (req.url === '/api/license-public-key') {
          return json(200, {
            alg: 'EdDSA',
            kid: jwk.kid,
            keys: [jwk],
            pem: publicKey.export({ type: 'spki', format: 'pem' }),
          });
        }
        if (req.url === '/api/end-sessions') {
          return json(400, {
            error: { code: 'INVALID_ACTION_CODE', message: 'The link is invalid or has expired.' },
          });
        }
        if (req.url === '/api/stripe-webhook') {
          try {
            Stripe.webhooks.constructEvent(body, String(req.headers['stripe-signature']), webhookSecret);
            return json(200, { received: true });
          } catch {
            return json(400, { error: { code: 'INVALID_SIGNATURE', message: 'no' } });
          }
        }
        res.writeHead(200, { 'content-type': 'text/html', ...pageHeaders }).end('<!doctype html>');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const run = async () => {
    const lines: string[] = [];
    const code = await smoke(
      ['--url', url, '--region', 'eu-west-1', '--outputs', __filename + '.absent'],
      {},
      (l) => lines.push(l),
    ).catch(() => -1);
    return { code, lines };
  };

  it('a missing outputs file named on the command line is an error', async () => {
    const { code, lines } = await run();
    expect(code).toBe(1);
    expect(lines[0]).toMatch(/^FAIL find what to check: cannot read the outputs file/);
  });

  it('a published kid that is not the key thumbprint fails the key check', async () => {
    const kid = jwk.kid;
    jwk.kid = 'kid1';
    try {
      const lines: string[] = [];
      await smoke(['--url', url, '--region', 'eu-west-1'], {}, (l) => lines.push(l));
      expect(lines).toContain(
        `FAIL GET /api/license-public-key answers a usable Ed25519 key: the kid kid1 is not the key's thumbprint ${kid}`,
      );
    } finally {
      jwk.kid = kid;
    }
  });

  it("headers as CDK defines them pass, Stripe.js's origins included; without outputs the first-deploy checks fail; without a smoke user the round trip is skipped", async () => {
    pageHeaders = securityHeaders({
      csp: cspDirectives({ cognitoRegion: 'eu-west-1', analyticsEnabled: false }),
      https: false,
    });
    const lines: string[] = [];
    const code = await smoke(['--url', url, '--region', 'eu-west-1'], {}, (l) => lines.push(l));
    const checks = lines.filter((l) => !l.startsWith('#'));
    expect(checks.slice(0, 7)).toEqual([
      'ok   GET /api/health answers 200 JSON: {"status":"ok"}',
      `ok   GET /api/license-public-key answers a usable Ed25519 key: Ed25519, kid ${jwk.kid}`,
      'ok   security headers on /: CSP, nosniff, DENY, referrer and permissions policy (http: no HSTS expected)',
      'ok   security headers on /checkout: CSP, nosniff, DENY, referrer and permissions policy (http: no HSTS expected)',
      'ok   security headers on /checkout/: CSP, nosniff, DENY, referrer and permissions policy (http: no HSTS expected)',
      'ok   POST /api/stripe-webhook signed with a wrong secret answers 400: 400 INVALID_SIGNATURE "no"',
      'ok   POST /api/end-sessions with an unknown code answers 400 INVALID_ACTION_CODE: 400 INVALID_ACTION_CODE',
    ]);
    expect(checks.slice(7)).toEqual([
      "ok   the checkout page's CSP allows Stripe.js's origins (Stripe's published list): script-src, frame-src, connect-src",
      expect.stringMatching(
        /^FAIL POST \/api\/stripe-webhook signed with the stored secret .*the Stripe secret is unknown/,
      ),
      expect.stringMatching(/^FAIL a throwaway sign-up .*the user pool or app client is unknown/),
      expect.stringMatching(/^FAIL the scheduled sync-subscriptions runs once: the function is unknown/),
      expect.stringMatching(/^skip signed-in round trip: no smoke user/),
      'smoke: 3 of 12 checks FAILED, 8 passed, 1 skipped (' + url + ')',
    ]);
    expect(code).toBe(1);
  });

  it("a CSP without Stripe.js's subdomains (as before Stripe's list was checked) fails that check", async () => {
    const old = cspDirectives({ cognitoRegion: 'eu-west-1', analyticsEnabled: false });
    old['script-src'] = ["'self'", 'https://js.stripe.com'];
    old['frame-src'] = ['https://js.stripe.com', 'https://hooks.stripe.com'];
    pageHeaders = securityHeaders({ csp: old, https: false });
    const lines: string[] = [];
    await smoke(['--url', url, '--region', 'eu-west-1'], {}, (l) => lines.push(l));
    expect(lines.filter((l) => l.includes("Stripe's published list"))).toEqual([
      "FAIL the checkout page's CSP allows Stripe.js's origins (Stripe's published list): missing " +
        'script-src https://*.js.stripe.com, frame-src https://*.js.stripe.com',
    ]);
  });

  it('a weaker CSP fails the header checks, each path on its own line', async () => {
    const weak = cspDirectives({ cognitoRegion: 'eu-west-1', analyticsEnabled: false });
    weak['script-src'] = [...(weak['script-src'] ?? []), "'unsafe-inline'"];
    pageHeaders = securityHeaders({ csp: weak, https: false });
    const lines: string[] = [];
    await smoke(['--url', url, '--region', 'eu-west-1'], {}, (l) => lines.push(l));
    expect(lines.filter((l) => l.startsWith('FAIL security headers'))).toEqual(
      ['/', '/checkout', '/checkout/'].map(
        (p) => `FAIL security headers on ${p}: script-src allows 'unsafe-inline'`,
      ),
    );
  });
});

describe("a deploy's API origin called directly", () => {
  let status: number;
  let body: unknown;
  let seen: string | undefined;
  let server: http.Server;
  let origin: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen = String(req.headers['x-origin-verify']);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const check = async (outputs: Record<string, string>) => {
    const lines: string[] = [];
    await checkOriginRefused({ deploy: { outputs } } as unknown as Target, new Report((l) => lines.push(l)));
    return lines;
  };

  it('passes when it refuses with 403, fails when it answers or has no secret', async () => {
    [status, body] = [403, { error: { code: 'FORBIDDEN', message: 'Use the site address.' } }];
    expect(await check({ ApiOriginUrl: origin })).toEqual([
      'ok   the API refuses a request that did not come through CloudFront (403): 403 FORBIDDEN',
    ]);
    expect(seen).toMatch(/^smoke-[0-9a-f]{16}$/);
    [status, body] = [200, { pem: 'x' }];
    expect((await check({ ApiOriginUrl: origin }))[0]).toMatch(
      /^FAIL .*: answered 200: a request that skipped CloudFront was ANSWERED/,
    );
    [status, body] = [503, { error: { code: 'NOT_CONFIGURED', message: 'Something unexpected happened.' } }];
    expect((await check({ ApiOriginUrl: origin }))[0]).toMatch(
      /NOT_CONFIGURED: the functions have no origin secret/,
    );
    // Without the output (the local stack, an older deploy) there is nothing to call.
    expect(await check({})).toEqual([]);
  });
});

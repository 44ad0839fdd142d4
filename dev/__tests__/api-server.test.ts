import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { SignJWT } from 'jose';
import type { RouteDef } from '../../lambdas/routes';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '../../lambdas/lib/origin-check';
import { MAX_BODY_BYTES, startApiServer } from '../api-server';

const ORIGIN_SECRET = 'origin-secret-of-this-test';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
const issuer = 'http://127.0.0.1:9229/local_test';
const clientId = 'client-1';

/** A token as cognito-local signs one (RS256, kid k1); `claims` override the defaults, even when wrong. */
function token(claims: Record<string, unknown>, key = privateKey): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: issuer, sub: 'user-1', iat: now, exp: now + 3600, jti: randomUUID(), ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'JWT' })
    .sign(key);
}

const routes: RouteDef[] = [
  { method: 'POST', path: '/api/echo', handler: 'echo', auth: 'jwt' },
  { method: 'POST', path: '/api/public-echo', handler: 'echo', auth: 'none' },
  { method: 'GET', path: '/api/items/{id}', handler: 'echo', auth: 'none' },
  { method: 'GET', path: '/api/boom', handler: 'boom', auth: 'none' },
  { method: 'GET', path: '/api/env', handler: 'env', auth: 'none' },
  { method: 'GET', path: '/api/crash', handler: 'crash', auth: 'none' },
];
const keysOf = (name: string) => ({
  accessKeyId: `AKIA-${name}`,
  secretAccessKey: `secret-${name}`,
  sessionToken: `token-${name}`,
});

describe('local API server', () => {
  let jwks: http.Server;
  let api: { url: string; stop(): Promise<void> };

  beforeAll(async () => {
    jwks = http.createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', () => r()));
    const jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`;
    api = await startApiServer({
      port: 0,
      jwt: { issuer, jwksUrl, audience: clientId },
      routes,
      handlersDir: path.join(__dirname, '__fixtures__', 'api-handlers'),
      env: { API_TEST_VALUE: 'set', AWS_ACCESS_KEY_ID: 'shared-dummy', [ORIGIN_VERIFY_ENV]: ORIGIN_SECRET },
      credentials: (name) => (name === 'env' ? keysOf(name) : undefined),
    });
  });
  afterAll(async () => {
    await api.stop();
    await new Promise((r) => jwks.close(r));
  });

  const post = (p: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
    fetch(`${api.url}${p}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('answers 401 without a token, with a bad one, an expired one, or another audience', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const bad = [
      undefined,
      'Bearer nonsense',
      `Bearer ${await token({ aud: clientId }, other)}`,
      `Bearer ${await token({ aud: clientId, exp: Math.floor(Date.now() / 1000) - 10 })}`,
      `Bearer ${await token({ aud: 'someone-else' })}`,
      `Bearer ${await token({ aud: clientId, iss: 'http://elsewhere/pool' })}`,
      // aud wins over client_id when both are present; iat must not be in the future.
      `Bearer ${await token({ aud: 'someone-else', client_id: clientId })}`,
      `Bearer ${await token({ aud: clientId, iat: Math.floor(Date.now() / 1000) + 600 })}`,
    ];
    for (const authorization of bad) {
      const res = await post('/api/echo', '{}', authorization ? { authorization } : {});
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('passes claims as strings and builds a payload 2.0 event with the raw body', async () => {
    const raw = '{"b": 1,  "a":"é"}';
    const access = await token({
      client_id: clientId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      'cognito:groups': ['x', 'y'],
    });
    const res = await post('/api/echo?x=1&x=2&y=3', raw, {
      authorization: `Bearer ${access}`,
      cookie: 'c1=v1; c2=v2',
      'X-Custom': 'Yes',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-handler')).toBe('echo');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const event = (await res.json()) as APIGatewayProxyEventV2WithJWTAuthorizer;
    expect(event.body).toBe(raw);
    expect(event.isBase64Encoded).toBe(false);
    expect(event.rawPath).toBe('/api/echo');
    expect(event.rawQueryString).toBe('x=1&x=2&y=3');
    expect(event.queryStringParameters).toEqual({ x: '1,2', y: '3' });
    expect(event.headers['x-custom']).toBe('Yes');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.cookies).toEqual(['c1=v1', 'c2=v2']);
    expect(event.routeKey).toBe('POST /api/echo');
    expect(event.requestContext).toMatchObject({
      stage: '$default',
      http: { method: 'POST', path: '/api/echo', sourceIp: '127.0.0.1' },
    });
    const { claims } = event.requestContext.authorizer.jwt;
    expect(claims).toMatchObject({
      sub: 'user-1',
      client_id: clientId,
      iss: issuer,
      'cognito:groups': '[x y]',
    });
    expect(typeof claims.exp).toBe('string');
    expect(event.requestContext.authorizer.jwt.scopes).toEqual(['aws.cognito.signin.user.admin']);
  });

  it("runs a handler with the stack's env plus its own credentials and function name, not this process's", async () => {
    process.env.PARENT_ONLY = 'parent';
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await fetch(`${api.url}/api/env`);
    const logged = [...log.mock.calls, ...error.mock.calls].map(
      ([line]) => JSON.parse(String(line)) as object,
    );
    log.mockRestore();
    error.mockRestore();
    delete process.env.PARENT_ONLY;
    expect(await res.json()).toEqual({
      API_TEST_VALUE: 'set',
      AWS_ACCESS_KEY_ID: 'AKIA-env',
      AWS_SECRET_ACCESS_KEY: 'secret-env',
      AWS_SESSION_TOKEN: 'token-env',
      AWS_LAMBDA_FUNCTION_NAME: 'env',
      PARENT_ONLY: null,
      // The bundle CDK would deploy, from the cache (cdk/lib/handler-bundles.ts), not the TypeScript file.
      file: expect.stringMatching(/node_modules\/\.cache\/stockbench-handlers\/[0-9a-f]+\/env\/index\.js$/),
    });
    expect(process.env.API_TEST_VALUE).toBeUndefined();
    // Its logs reach this process's console before the answer does, each line as Lambda's runtime writes
    // it with the JSON log format: console calls wrapped (their text the message, DEBUG dropped at the
    // INFO level), a logger's own JSON line kept as it is.
    const runtimeLine = (level: string, message: string) => ({
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      level,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      message,
    });
    expect(logged).toEqual([
      runtimeLine('INFO', 'env handler says hi { n: 1 }'),
      runtimeLine('INFO', '{"level":"error","msg":"a line of its own"}'),
      runtimeLine('ERROR', 'env handler warns'),
      { level: 'ERROR', message: 'a logger line' },
    ]);
  });

  it('a crashed handler runtime answers 500 and the next request gets a fresh one', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = (await (await fetch(`${api.url}/api/crash`)).json()) as { threadId: number };
    const crashed = await fetch(`${api.url}/api/crash?crash`);
    const after = (await (await fetch(`${api.url}/api/crash`)).json()) as { threadId: number };
    spy.mockRestore();
    expect(crashed.status).toBe(500);
    expect(after.threadId).not.toBe(before.threadId);
  });

  it("adds the origin secret as CloudFront does, overwriting a viewer's header of that name", async () => {
    for (const headers of [{}, { [ORIGIN_VERIFY_HEADER]: 'forged-by-the-viewer' }] as Record<
      string,
      string
    >[]) {
      const res = await post('/api/public-echo', '{}', headers);
      const event = (await res.json()) as { headers: Record<string, string> };
      expect(event.headers[ORIGIN_VERIFY_HEADER]).toBe(ORIGIN_SECRET);
    }
  });

  it('accepts an ID token (aud) and base64-encodes a binary body', async () => {
    const bytes = new Uint8Array([0, 1, 2, 255]);
    const res = await post('/api/echo', bytes, {
      authorization: `Bearer ${await token({ aud: clientId, token_use: 'id' })}`,
      'content-type': 'application/octet-stream',
    });
    const event = (await res.json()) as APIGatewayProxyEventV2WithJWTAuthorizer;
    expect(event.isBase64Encoded).toBe(true);
    expect([...Buffer.from(event.body ?? '', 'base64')]).toEqual([...bytes]);
  });

  it('matches path parameters and answers 404 for unknown routes or methods', async () => {
    const res = await fetch(`${api.url}/api/items/abc%20d`);
    expect(((await res.json()) as { pathParameters: unknown }).pathParameters).toEqual({ id: 'abc d' });
    for (const [method, p] of [
      ['GET', '/api/nope'],
      ['GET', '/api/public-echo'],
    ]) {
      const r = await fetch(`${api.url}${p}`, { method });
      expect(r.status).toBe(404);
      expect(await r.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('answers 413 over 1 MB', async () => {
    const res = await post('/api/public-echo', 'x'.repeat(MAX_BODY_BYTES + 1));
    expect(res.status).toBe(413);
    const ok = await post('/api/public-echo', 'x'.repeat(MAX_BODY_BYTES));
    expect(ok.status).toBe(201);
  });

  it('answers 500 when the handler throws', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await fetch(`${api.url}/api/boom`);
    spy.mockRestore();
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: 'Internal Server Error' });
  });
});

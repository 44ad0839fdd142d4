// npm run bench:api: per endpoint, latency through the local API server (p50/p95 over many
// requests), the handler's own time excluding emulator I/O, and each handler's minified bundle size.
//
// Own time: every outbound request of the AWS SDK and the Stripe SDK goes through node:http's
// request(); while at least one is in flight the handler is waiting on an emulator, so a handler's
// own time is its wall time minus the time with outbound requests in flight. Handlers are called
// in-process with API Gateway v2 events for that phase, one at a time, so intervals never mix.

import http from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ensureVerifiedUser } from '../dev/cognito/setup';
import { startLocalStack } from '../dev/local-stack';
import { routes } from '../lambdas/routes';

type Handler = (event: unknown) => Promise<{ statusCode?: number }>;

// ---- outbound I/O accounting -------------------------------------------------------------------
let inFlight = 0;
let ioStart = 0;
let ioTotal = 0;
const original = http.request;
(http as { request: typeof http.request }).request = ((...args: Parameters<typeof http.request>) => {
  const req = original(...args);
  if (inFlight++ === 0) ioStart = performance.now();
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    if (--inFlight === 0) ioTotal += performance.now() - ioStart;
  };
  req.on('response', (res) => {
    res.on('end', finish);
    res.on('close', finish);
  });
  req.on('error', finish);
  req.on('close', finish);
  return req;
}) as typeof http.request;
syncBuiltinESMExports();

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const fmt = (n: number) => n.toFixed(2).padStart(8);

async function bundleSizes(): Promise<Map<string, { full: number; sdkExternal: number }>> {
  const out = new Map<string, { full: number; sdkExternal: number }>();
  for (const r of routes) {
    const entry = path.join(__dirname, '..', 'lambdas', 'handlers', `${r.handler}.ts`);
    const size = async (external: string[]) => {
      const res = await build({
        entryPoints: [entry],
        bundle: true,
        minify: true,
        platform: 'node',
        target: 'node20',
        write: false,
        external,
        logLevel: 'silent',
      });
      return res.outputFiles[0]?.contents.length ?? 0;
    };
    out.set(r.handler, { full: await size([]), sdkExternal: await size(['@aws-sdk/*']) });
  }
  return out;
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-api-'));
  const stack = await startLocalStack({ dir, site: false, ports: 'auto', log: () => undefined });
  const { info } = stack;
  try {
    const { default: Stripe } = await import('stripe');
    const su = new URL(info.stripeApi);
    const stripe = new Stripe(process.env.STRIPE_SECRET_KEY ?? '', {
      host: su.hostname,
      port: Number(su.port),
      protocol: 'http',
    });
    const email = `bench-${Date.now()}@example.com`;
    const password = 'Passw0rd!long';
    await ensureVerifiedUser(info.cognitoEndpoint, info.userPoolId, email, password);
    const cognito = new CognitoIdentityProviderClient({
      region: info.region,
      endpoint: info.cognitoEndpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const auth = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: info.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const token = auth.AuthenticationResult?.IdToken ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const uid = String(claims.sub);
    const stringClaims = Object.fromEntries(Object.entries(claims).map(([k, v]) => [k, String(v)]));

    const call = async (
      method: string,
      route: string,
      body?: unknown,
      query?: Record<string, string>,
      headers: Record<string, string> = {},
    ) => {
      const url = new URL(`${info.api}/${route}`);
      for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
      const res = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    // A subscribed user to exercise every endpoint on its success path.
    const setup = await call('POST', 'setup-checkout', { uid, email, count: 2 });
    const sec = String(setup.body.sec);
    const pi = await stripe.paymentIntents.confirm(sec.split('_secret_')[0] ?? '', {
      payment_method: 'pm_card_visa',
    });
    const pmid = String(pi.payment_method);
    await call('GET', 'complete-checkout', undefined, { uid, pmid });
    const customerId = String(setup.body.customerId);
    const subscriptionId = String(setup.body.subscriptionId);
    const licenses = (await call('GET', 'get-licenses', undefined, { uid })).body.licenses as {
      key: string;
    }[];
    const key = licenses[0]?.key ?? '';
    const event = await stripe.events.list({ limit: 1, type: 'invoice.paid' });
    const webhookEvent = event.data[0];
    let webhookSeq = 0;
    const signedWebhook = () => {
      const payload = JSON.stringify({ ...webhookEvent, id: `${webhookEvent?.id}_bench_${webhookSeq++}` });
      const sig = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: process.env.STRIPE_WEBHOOK_SECRET ?? '',
      });
      return { payload, sig };
    };

    type Case = {
      name: string;
      n: number;
      method: string;
      route: string;
      body?: () => unknown;
      query?: Record<string, string>;
      webhook?: boolean;
      public?: boolean;
    };
    const cases: Case[] = [
      { name: 'health', n: 60, method: 'GET', route: 'health', public: true },
      { name: 'license-public-key', n: 60, method: 'GET', route: 'license-public-key', public: true },
      { name: 'get-licenses', n: 60, method: 'GET', route: 'get-licenses', query: { uid } },
      { name: 'get-subscriptions', n: 40, method: 'GET', route: 'get-subscriptions', query: { uid } },
      { name: 'validate-license', n: 60, method: 'POST', route: 'validate-license', body: () => ({ key }) },
      { name: 'quote-licenses', n: 30, method: 'GET', route: 'quote-licenses', query: { count: '1' } },
      { name: 'complete-checkout', n: 30, method: 'GET', route: 'complete-checkout', query: { uid, pmid } },
      {
        name: 'setup-checkout (409)',
        n: 30,
        method: 'POST',
        route: 'setup-checkout',
        body: () => ({ uid, email, count: 1 }),
      },
      {
        name: 'update-card',
        n: 20,
        method: 'PUT',
        route: 'update-card',
        body: () => ({ subscriptionId, paymentMethodId: pmid }),
      },
      {
        name: 'add-licenses',
        n: 15,
        method: 'PUT',
        route: 'add-licenses',
        body: () => ({ customerId, subscriptionId, count: 1 }),
      },
      { name: 'stripe-webhook', n: 40, method: 'POST', route: 'stripe-webhook', webhook: true, public: true },
      {
        name: 'bad input (400)',
        n: 40,
        method: 'PUT',
        route: 'add-licenses',
        body: () => ({ customerId, subscriptionId, count: 9 }),
      },
    ];

    const results: {
      name: string;
      p50: number;
      p95: number;
      own50: number;
      own95: number;
      statuses: string;
    }[] = [];
    for (const c of cases) {
      const route = routes.find((r) => r.path === `/api/${c.route}` && r.method === c.method);
      const mod = (await import(`../lambdas/handlers/${route?.handler}`)) as { handler: Handler };
      const lat: number[] = [];
      const own: number[] = [];
      const statuses = new Map<number, number>();
      for (let i = 0; i < c.n; i++) {
        // 1) through the local API server (HTTP, JWT verification, the handler, the emulators)
        let body: string | undefined;
        const headers: Record<string, string> = {};
        if (c.webhook) {
          const w = signedWebhook();
          body = w.payload;
          headers['stripe-signature'] = w.sig;
        } else if (c.body) body = JSON.stringify(c.body());
        const t0 = performance.now();
        const res = await call(c.method, c.route, body, c.query, headers);
        lat.push(performance.now() - t0);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);

        // 2) the same request straight into the handler, with emulator time subtracted
        if (c.webhook) {
          const w = signedWebhook();
          body = w.payload;
          headers['stripe-signature'] = w.sig;
        }
        const ev = {
          version: '2.0',
          routeKey: `${c.method} /api/${c.route}`,
          rawPath: `/api/${c.route}`,
          rawQueryString: new URLSearchParams(c.query ?? {}).toString(),
          headers: { 'content-type': 'application/json', ...headers },
          queryStringParameters: c.query,
          body,
          isBase64Encoded: false,
          requestContext: {
            requestId: `bench-${i}`,
            http: { method: c.method, path: `/api/${c.route}` },
            ...(c.public ? {} : { authorizer: { jwt: { claims: stringClaims, scopes: null } } }),
          },
        };
        ioTotal = 0;
        const s0 = performance.now();
        await mod.handler(ev);
        const wall = performance.now() - s0;
        own.push(Math.max(0, wall - ioTotal));
      }
      results.push({
        name: c.name,
        p50: pct(lat, 50),
        p95: pct(lat, 95),
        own50: pct(own, 50),
        own95: pct(own, 95),
        statuses: [...statuses].map(([s, n]) => `${s}x${n}`).join(' '),
      });
    }

    const sizes = await bundleSizes();
    console.log(`\nBFF through the local API server (${cases.reduce((s, c) => s + c.n, 0)} requests; ms)`);
    console.log('endpoint                  http p50 http p95  own p50  own p95  statuses');
    for (const r of results) {
      console.log(
        `${r.name.padEnd(24)}${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.own50)} ${fmt(r.own95)}  ${r.statuses}`,
      );
    }
    console.log('\nHandler bundles (esbuild, node20, minified; KB)');
    console.log('handler                   all bundled   @aws-sdk/* external');
    for (const [name, s] of sizes) {
      console.log(
        `${name.padEnd(24)}${(s.full / 1024).toFixed(1).padStart(11)} ${(s.sdkExternal / 1024).toFixed(1).padStart(20)}`,
      );
    }

    // Cross-check: the statement verifies with jose, an independent JOSE implementation.
    const { jwtVerify, importJWK } = await import('jose');
    const v = await call('POST', 'validate-license', { key });
    const pub = await call('GET', 'license-public-key');
    const jwk = (pub.body.keys as Record<string, string>[])[0] ?? {};
    const verified = await jwtVerify(String(v.body.token), await importJWK(jwk, 'EdDSA'), {
      issuer: 'stockbench-license',
    });
    console.log(
      `\njose verifies the license statement: sub ${verified.payload.sub === uid ? 'matches' : 'DIFFERS'}`,
    );
    cognito.destroy();
  } finally {
    await stack.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

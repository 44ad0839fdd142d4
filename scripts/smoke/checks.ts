import { createPublicKey, randomBytes, type JsonWebKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';
import Stripe from 'stripe';
import { deployCsp, regionInCsp, securityHeaderProblems } from './headers';
import { apiError, describeBody, expectStatus, objectOf, request } from './http';
import { fail, type Report } from './report';
import type { Target } from './target';

// The checks that need no sign-in: health, the license public key, the security headers, a webhook
// with a wrong signature, and (for a deploy) the API refusing a request that skipped CloudFront.

const HEADER_PATHS = ['/', '/checkout', '/checkout/'] as const;

export async function checkHealth(target: Target, report: Report): Promise<void> {
  await report.check('GET /api/health answers 200 JSON', async () => {
    const answer = await request(`${target.api}/health`);
    expectStatus(answer, 200, 'GET /api/health');
    objectOf(answer, 'GET /api/health');
    return answer.text;
  });
}

export interface LicensePublicKey {
  key: KeyObject;
  kid: string;
}

/** The published key, for checking validate-license's statements later; undefined when unusable. */
export async function checkLicensePublicKey(
  target: Target,
  report: Report,
): Promise<LicensePublicKey | undefined> {
  let out: LicensePublicKey | undefined;
  await report.check('GET /api/license-public-key answers a usable Ed25519 key', async () => {
    const answer = await request(`${target.api}/license-public-key`);
    expectStatus(answer, 200, 'GET /api/license-public-key');
    const body = objectOf(answer, 'GET /api/license-public-key');
    if (typeof body.pem !== 'string') return fail('no pem in the answer');
    let key: KeyObject;
    try {
      key = createPublicKey(body.pem);
    } catch (err) {
      return fail(`the pem does not parse: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (key.type !== 'public' || key.asymmetricKeyType !== 'ed25519') {
      return fail(
        `the pem is a ${key.asymmetricKeyType ?? 'unknown'} ${key.type} key, not an Ed25519 public key`,
      );
    }
    const [jwk] = Array.isArray(body.keys) ? (body.keys as (JsonWebKey & { kid?: string })[]) : [];
    if (!jwk) return fail('no key in the JWK set');
    let fromJwk: KeyObject;
    try {
      fromJwk = createPublicKey({ key: jwk, format: 'jwk' });
    } catch (err) {
      return fail(`the JWK does not parse: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!fromJwk.equals(key)) return fail('the JWK and the pem are different keys');
    if (typeof body.kid !== 'string' || jwk.kid !== body.kid)
      return fail('the kid of the set and of its key differ');
    // The BFF names its keys by their RFC 7638 thumbprint (lambdas/lib/license-token.ts).
    const thumbprint = await calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x });
    if (jwk.kid !== thumbprint) return fail(`the kid ${jwk.kid} is not the key's thumbprint ${thumbprint}`);
    out = { key, kid: body.kid };
    return `Ed25519, kid ${body.kid}`;
  });
  return out;
}

export async function checkSecurityHeaders(target: Target, report: Report): Promise<void> {
  for (const urlPath of HEADER_PATHS) {
    await report.check(`security headers on ${urlPath}`, async () => {
      if (!target.site) return fail('the local stack runs without the site (npm start -- --no-site)');
      const answer = await request(`${target.site}${urlPath}`);
      if (answer.status !== 200) return fail(`GET ${urlPath} answered ${answer.status}, expected 200`);
      let csp = target.csp;
      if (!csp) {
        // A deploy without its outputs file or --region: its CSP's Cognito host tells the region.
        const region = regionInCsp(answer.headers.get('content-security-policy') ?? '');
        if (!region) return fail('the CSP names no Cognito region (and --region was not given)');
        csp = deployCsp(region, target.analyticsEnabled);
      }
      const problems = securityHeaderProblems((name) => answer.headers.get(name), {
        csp,
        https: target.https,
      });
      if (problems.length) {
        const hint =
          target.local && !answer.headers.get('content-security-policy')
            ? ' (the local site server sends them when dev/local-stack.ts passes ' +
              'securityHeaders: localSecurityHeaders(...) to startSiteServer)'
            : '';
        return fail(problems.join('; ') + hint);
      }
      return target.https
        ? 'CSP, HSTS, nosniff, DENY, referrer and permissions policy'
        : 'CSP, nosniff, DENY, referrer and permissions policy (http: no HSTS expected)';
    });
  }
}

/** A plausible Stripe event, as Stripe would post it. */
function plausibleEvent(now = Math.floor(Date.now() / 1000)): string {
  const id = randomBytes(12).toString('hex');
  return JSON.stringify({
    id: `evt_smoke${id}`,
    object: 'event',
    api_version: '2025-01-01',
    created: now,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'invoice.paid',
    data: {
      object: {
        id: `in_smoke${id}`,
        object: 'invoice',
        customer: `cus_smoke${id}`,
        status: 'paid',
        parent: { type: 'subscription_details', subscription_details: { subscription: `sub_smoke${id}` } },
      },
    },
  });
}

export async function checkWebhookSignature(target: Target, report: Report): Promise<void> {
  await report.check('POST /api/stripe-webhook signed with a wrong secret answers 400', async () => {
    const payload = plausibleEvent();
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: `whsec_${randomBytes(24).toString('hex')}`,
    });
    const answer = await request(`${target.api}/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
    });
    const { code, message } = apiError(answer);
    if (answer.status >= 200 && answer.status < 300) {
      return fail(`answered ${answer.status}: an event with a wrong signature was ACCEPTED`);
    }
    if (answer.status >= 500) {
      const hint =
        code === 'NOT_CONFIGURED'
          ? ' (the Stripe secret still holds its placeholder: docs/deploying.md, "Stripe secrets and webhook")'
          : '';
      return fail(`answered ${answer.status} ${code ?? describeBody(answer)}${hint}, expected 400`);
    }
    expectStatus(answer, 400, 'the webhook');
    return [answer.status, code, message && `"${message}"`].filter(Boolean).join(' ');
  });
}

/**
 * A deploy's API origin (the ApiOriginUrl output) called directly, as someone skipping CloudFront
 * would, with a made-up origin header: refused with 403 (lambdas/lib/origin-check.ts).
 */
export async function checkOriginRefused(target: Target, report: Report): Promise<void> {
  const origin = target.deploy?.outputs?.ApiOriginUrl;
  if (!origin) return;
  await report.check('the API refuses a request that did not come through CloudFront (403)', async () => {
    const answer = await request(`${origin.replace(/\/$/, '')}/api/license-public-key`, {
      headers: { 'x-origin-verify': `smoke-${randomBytes(8).toString('hex')}` },
    });
    const { code } = apiError(answer);
    if (answer.status >= 200 && answer.status < 300) {
      return fail(`answered ${answer.status}: a request that skipped CloudFront was ANSWERED`);
    }
    if (code === 'NOT_CONFIGURED') {
      return fail(`answered ${answer.status} NOT_CONFIGURED: the functions have no origin secret`);
    }
    expectStatus(answer, 403, 'the API origin');
    return [answer.status, code].filter(Boolean).join(' ');
  });
}

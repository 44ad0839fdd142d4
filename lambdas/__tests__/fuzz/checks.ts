import { unsafeCharacter } from '../../../src/lib/unsafe-text';
import { ENDPOINT_CONTRACTS } from '../../endpoints/contracts';
import { routes, type RouteDef } from '../../routes';
import { paymentIntentOf } from '../support/bff';
import { VICTIM_MACHINE } from './kit';
import type { Parties } from './accounts';
import { authorization, bodyText } from './send';
import { VALID_ID, type Answer, type FuzzRequest } from './values';

// What every answer of the fuzz must hold (problemsOf), and the run's counts by status and route.

/** API Gateway's own answers (before or instead of a handler) carry `{message}`, not our error shape. */
const GATEWAY_ANSWERS: Record<number, string> = {
  401: 'Unauthorized',
  404: 'Not Found',
  413: 'Request Entity Too Large',
};

const normalise = (s: string) => s.toUpperCase().replace(/[-\s]/g, '');

function victimSecrets(p: Parties): [string, string][] {
  return [
    ['uid', p.victim.user.uid],
    ['email', p.victim.user.email],
    ['customer id', p.victim.customerId],
    ['subscription id', p.victim.subscriptionId],
    ['payment method id', p.victim.paymentMethodId],
    ['payment intent', paymentIntentOf(p.victim.clientSecret)],
    ...p.victim.licenseKeys.map((k): [string, string] => ['license key', k]),
    ['machine id', VICTIM_MACHINE],
  ];
}

/** Everything the request carried, the Authorization header and any claims inside it included. */
function requestText(req: FuzzRequest, p: Parties): string {
  const auth = authorization(req, p) ?? '';
  const payload = auth.replace(/^bearer\s+/i, '').split('.')[1] ?? '';
  let claims = '';
  try {
    claims = Buffer.from(payload, 'base64url').toString('utf8');
  } catch {
    claims = '';
  }
  return JSON.stringify(req) + bodyText(req) + auth + claims;
}

function lastFours(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const x of value) lastFours(x, out);
  else if (value && typeof value === 'object')
    for (const [k, x] of Object.entries(value)) {
      if (/last4/i.test(k) && typeof x === 'string') out.push(x);
      else lastFours(x, out);
    }
  return out;
}

/**
 * Addresses (normalised) the attacker asked assign-license to give one of its licenses to: from then on
 * the attacker's license answers name that address as the assignee, which the attacker chose.
 */
const attackerAssignedTo = new Set<string>();

/** Notes, before it is sent, an assignment to the p.victim's address (whatever its other fields). */
export function noteAssignment(req: FuzzRequest, p: Parties): void {
  const email = normalise(p.victim.user.email);
  if (req.route === 'PUT /api/assign-license' && normalise(requestText(req, p)).includes(email)) {
    attackerAssignedTo.add(email);
  }
}

/**
 * Whether a string the request sent holds what free text must not: in its query, or in its JSON body
 * where the route reads one (a GET reads none).
 */
/**
 * Whether the request carries a control or bidi character in what its route reads: the query of a
 * route that takes a query, the body of one that takes a body (a route ignores the other part).
 */
export function carriesUnsafeText(req: FuzzRequest, route: (typeof routes)[number]): boolean {
  const unsafe = (value: unknown): boolean => {
    if (typeof value === 'string') return unsafeCharacter(value) !== undefined;
    if (Array.isArray(value)) return value.some(unsafe);
    if (value && typeof value === 'object') return Object.values(value).some(unsafe);
    return false;
  };
  const contract = ENDPOINT_CONTRACTS[route.handler];
  if ('query' in contract && req.query.some(([, value]) => unsafe(value))) return true;
  if (!('body' in contract)) return false;
  try {
    return unsafe(JSON.parse(bodyText(req)));
  } catch {
    return false;
  }
}

/**
 * What is wrong with an answer's form, and its JSON body if it has one: a 2xx of a file endpoint is a
 * file of the type its contract declares (RouteDef.file); every other answer, errors included, is JSON.
 */
export function formOf(route: RouteDef | undefined, res: Answer): { problems: string[]; body: unknown } {
  const mediaType = (type: string | undefined) => type?.split(';')[0]?.trim().toLowerCase();
  if (route?.file && res.status >= 200 && res.status < 300) {
    const declared = mediaType(route.file.contentType);
    const problems =
      mediaType(res.contentType) === declared
        ? []
        : [`a file answer of type ${String(res.contentType)}, not ${declared}`];
    return { problems, body: undefined };
  }
  try {
    return { problems: [], body: JSON.parse(res.text) };
  } catch {
    return { problems: ['an answer that is not JSON'], body: undefined };
  }
}

export function problemsOf(req: FuzzRequest, res: Answer, p: Parties): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`a ${res.status}`);
  const route = routes.find((r) => `${r.method} ${r.path}` === req.route);
  // Only the route itself answers its file; another method or path reaches some other answer.
  const form = formOf(req.method === route?.method && req.path === route.path ? route : undefined, res);
  problems.push(...form.problems);
  const { body } = form;
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  if (res.status >= 400 && res.status < 500) {
    const shaped = typeof error?.code === 'string' && typeof error.message === 'string';
    const gateway =
      GATEWAY_ANSWERS[res.status] !== undefined &&
      (body as { message?: unknown } | undefined)?.message === GATEWAY_ANSWERS[res.status];
    if (!shaped && !gateway) problems.push('a 4xx without {error:{code,message}}');
  }
  if (error?.code === 'BUSY' || error?.code === 'NOT_CONFIGURED')
    problems.push(`error ${String(error.code)}`);
  if (route?.auth === 'jwt' && res.status < 300 && !VALID_ID.has(req.auth))
    problems.push(`a ${res.status} to a JWT route without a valid ID token`);
  // Every string field of every route is an id, a key or free text: none takes a control or bidi
  // character (Stripe's webhook excepted: it answers whatever Stripe signed).
  if (res.status < 300 && route && req.route !== 'POST /api/stripe-webhook' && carriesUnsafeText(req, route))
    problems.push(`a ${res.status} to a request carrying a control or bidi character`);

  // Another account's data: present in the answer though the request did not carry it. The one
  // exception: an address the attacker gave one of its own licenses to is the attacker's own record.
  const sent = normalise(requestText(req, p));
  const answer = normalise(res.text);
  for (const [what, secret] of victimSecrets(p)) {
    if (what === 'email' && attackerAssignedTo.has(normalise(secret))) continue;
    if (answer.includes(normalise(secret)) && !sent.includes(normalise(secret)))
      problems.push(`LEAK of the p.victim's ${what} ${secret}`);
  }
  if (lastFours(body).includes(p.victimLast4))
    problems.push(`LEAK of the p.victim's card last4 ${p.victimLast4}`);
  return problems;
}

export const stats = {
  requests: 0,
  byStatus: new Map<number, number>(),
  byRoute: new Map<string, Map<number, number>>(),
  excluded: 0,
};
export function record(req: FuzzRequest, res: Answer): void {
  stats.requests += 1;
  stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
  const key =
    req.method === req.route.split(' ')[0] && req.path === req.route.split(' ')[1]
      ? req.route
      : 'other method or path';
  const m = stats.byRoute.get(key) ?? new Map<number, number>();
  m.set(res.status, (m.get(res.status) ?? 0) + 1);
  stats.byRoute.set(key, m);
}
export function report(seed: number, parallel: number): string {
  const fmt = (m: Map<number, number>) =>
    [...m.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
  const lines = [
    `fuzz: ${stats.requests} requests (seed ${seed}, ${parallel} at a time${stats.excluded ? `, ${stats.excluded} known failures excluded` : ''})`,
    `by status: ${fmt(stats.byStatus)}`,
    'by route:',
    ...[...stats.byRoute.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([route, m]) => `  ${route.padEnd(32)} ${[...m.values()].reduce((a, b) => a + b, 0)}  (${fmt(m)})`,
      ),
  ];
  return lines.join('\n');
}

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);

export function describeRequest(req: FuzzRequest): string {
  const url = new URL(req.path, 'http://api');
  for (const [k, v] of req.query) url.searchParams.append(k, clip(v, 100));
  const body = !req.body
    ? ''
    : 'text' in req.body
      ? ` body ${JSON.stringify(clip(req.body.text, 400))}`
      : ` base64 body ${clip(req.body.base64)}`;
  return `${req.method} ${url.pathname}${url.search} auth=${req.auth}${req.garbageAuth !== undefined ? ` ${JSON.stringify(req.garbageAuth)}` : ''} content-type=${String(req.contentType)} headers=${JSON.stringify(req.headers)}${body}`;
}

import http from 'node:http';
import { claimsOf, type Parties } from './accounts';
import type { Answer, FuzzRequest } from './values';

// A fuzzed request on the wire: its Authorization made from the attacker's real tokens (or a revoked,
// forged, unsigned or garbage one), its body as text or bytes, over a keep-alive agent.

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

export function authorization(req: FuzzRequest, p: Parties): string | undefined {
  const [h, , sig] = p.attacker.user.token.split('.');
  const header = JSON.parse(Buffer.from(h ?? '', 'base64url').toString()) as Record<string, unknown>;
  switch (req.auth) {
    case 'none':
      return undefined;
    case 'id':
      return `Bearer ${effectiveIdToken(req, p)}`;
    case 'id-no-bearer':
      return effectiveIdToken(req, p);
    case 'id-lowercase-bearer':
      return `bearer   ${effectiveIdToken(req, p)}`;
    case 'access':
      return `Bearer ${p.attacker.accessToken}`;
    case 'revoked':
      return `Bearer ${p.revoked.token}`;
    case 'forged-sub':
      // The p.attacker's own signed token with the payload changed to the p.victim's identity.
      return `Bearer ${h}.${b64url({ ...claimsOf(p.attacker.user.token), sub: p.victim.user.uid, email: p.victim.user.email })}.${sig}`;
    case 'access-as-id': {
      const [ah, , asig] = p.attacker.accessToken.split('.');
      return `Bearer ${ah}.${b64url({ ...claimsOf(p.attacker.accessToken), token_use: 'id' })}.${asig}`;
    }
    case 'alg-none':
      return `Bearer ${b64url({ ...header, alg: 'none' })}.${b64url({ ...claimsOf(p.victim.user.token) })}.`;
    case 'garbage':
      return req.garbageAuth ?? '';
  }
}

/**
 * The p.attacker's ID token, except for a well-formed sign-out-everywhere (which would end the p.attacker's
 * sessions and turn the rest of the run into 401s): that one goes out with the p.revoked user's token.
 */
function effectiveIdToken(req: FuzzRequest, p: Parties): string {
  if (req.method === 'POST' && req.path === '/api/sign-out-everywhere' && signOutWouldPass(req))
    return p.revoked.token;
  return p.attacker.user.token;
}

export function bodyText(req: FuzzRequest): string {
  if (!req.body) return '';
  return 'text' in req.body ? req.body.text : Buffer.from(req.body.base64, 'base64').toString('utf8');
}

function signOutWouldPass(req: FuzzRequest): boolean {
  const text = bodyText(req);
  if (!text) return true;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

export function send(req: FuzzRequest, p: Parties): Promise<Answer> {
  const url = new URL(req.path, new URL(p.bff.info.api).origin);
  for (const [k, v] of req.query) url.searchParams.append(k, v);
  const headers: Record<string, string> = { ...req.headers };
  const auth = authorization(req, p);
  if (auth !== undefined) headers.authorization = auth;
  if (req.contentType !== null) headers['content-type'] = req.contentType;
  const body = !req.body
    ? undefined
    : 'text' in req.body
      ? Buffer.from(req.body.text, 'utf8')
      : Buffer.from(req.body.base64, 'base64');
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const r = http.request(url, { method: req.method, headers, agent: p.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          contentType: res.headers['content-type'],
        }),
      );
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end(body);
  });
}

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, Checksum, HttpRequest, SourceData } from '@smithy/types';

// Checks a request's SigV4 signature the way AWS does: recompute it from the request and the secret key
// that belongs to the access key named in the Authorization header, with the SDK's own signer, and
// compare. Only header signatures (what the SDK sends), not presigned URLs.

export interface SigV4Authorization {
  accessKeyId: string;
  /** YYYYMMDD of the credential scope. */
  date: string;
  region: string;
  /** Signing name of the service ("dynamodb", "cognito-idp", "ses", "secretsmanager"). */
  service: string;
  signedHeaders: string[];
  signature: string;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256\s+Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})\s*$/;

/** The parts of an Authorization header; undefined when it is absent or not SigV4. */
export function parseAuthorization(header: string | undefined): SigV4Authorization | undefined {
  const m = header ? AUTHORIZATION.exec(header) : null;
  if (!m) return undefined;
  const [, accessKeyId = '', date = '', region = '', service = '', signed = '', signature = ''] = m;
  return { accessKeyId, date, region, service, signedHeaders: signed.split(';'), signature };
}

/** node:crypto as the signer's hash (what @smithy/hash-node does): HMAC when given a secret. */
class Sha256 implements Checksum {
  private hash: ReturnType<typeof createHash> | ReturnType<typeof createHmac>;
  constructor(private readonly secret?: SourceData) {
    this.hash = this.create();
  }
  private create() {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', toBuffer(this.secret));
  }
  update(data: Uint8Array | string): void {
    this.hash.update(toBuffer(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = this.create();
  }
}

function toBuffer(data: SourceData): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

/** X-Amz-Date (20250101T120000Z) as a Date; undefined when malformed. */
export function parseAmzDate(value: string | undefined): Date | undefined {
  const m = value ? /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value) : null;
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s));
}

function queryOf(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const part of search.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1));
    const prev = out[key];
    out[key] = prev === undefined ? value : [...[prev].flat(), value];
  }
  return out;
}

/**
 * The signature AWS computes for this request with these credentials: the signed headers only, the
 * raw path (the signer escapes it again, as AWS does for every service but S3), the body's hash.
 */
export async function expectedSignature(
  req: { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer },
  auth: SigV4Authorization,
  credentials: AwsCredentialIdentity,
  signingDate: Date,
): Promise<string> {
  const q = req.url.indexOf('?');
  const headers: Record<string, string> = {};
  for (const name of auth.signedHeaders) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const request: HttpRequest = {
    method: req.method,
    protocol: 'http:',
    hostname: '',
    path: q < 0 ? req.url : req.url.slice(0, q),
    query: q < 0 ? {} : queryOf(req.url.slice(q + 1)),
    headers,
    body: req.body,
  };
  const signer = new SignatureV4({
    service: auth.service,
    region: auth.region,
    credentials,
    sha256: Sha256,
    uriEscapePath: true,
    applyChecksum: false,
  });
  const signed = await signer.sign(request, {
    signingDate,
    signingRegion: auth.region,
    signingService: auth.service,
    signableHeaders: new Set(auth.signedHeaders),
  });
  const header = String(signed.headers.authorization ?? signed.headers.Authorization ?? '');
  return /Signature=([0-9a-f]{64})/.exec(header)?.[1] ?? '';
}

export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Why a request's signature is refused, in the words of AWS's common errors; undefined: it is valid. */
export type SignatureRefusal =
  | 'MissingAuthenticationTokenException'
  | 'IncompleteSignatureException'
  | 'UnrecognizedClientException'
  | 'InvalidSignatureException';

const MAX_SKEW_MS = 15 * 60 * 1000;

/**
 * Checks a request's SigV4 signature against the keys an endpoint accepts, as AWS checks it: present,
 * well-formed, by a known key (and its session token), dated within 15 minutes, and recomputed equal.
 */
export async function refuseSignature(
  req: { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer },
  accepted: readonly { accessKeyId: string; secretAccessKey: string; sessionToken?: string }[],
): Promise<SignatureRefusal | undefined> {
  const one = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v.join(',') : v;
  };
  if (!one('authorization')) return 'MissingAuthenticationTokenException';
  const auth = parseAuthorization(one('authorization'));
  if (!auth) return 'IncompleteSignatureException';
  const credentials = accepted.find((c) => c.accessKeyId === auth.accessKeyId);
  if (!credentials || one('x-amz-security-token') !== credentials.sessionToken)
    return 'UnrecognizedClientException';
  const signedAt = parseAmzDate(one('x-amz-date'));
  if (
    !signedAt ||
    !auth.signedHeaders.includes('x-amz-date') ||
    one('x-amz-date')?.slice(0, 8) !== auth.date ||
    Math.abs(Date.now() - signedAt.getTime()) > MAX_SKEW_MS
  )
    return 'InvalidSignatureException';
  const expected = await expectedSignature(req, auth, credentials, signedAt);
  return sameSignature(expected, auth.signature) ? undefined : 'InvalidSignatureException';
}

import { createHash, createHmac } from 'node:crypto';

// AWS Signature Version 4 for the JSON requests the handlers send (DynamoDB, Cognito, Secrets
// Manager, SES): a POST of a UTF-8 body to a plain path with no query string. Checked against the
// AWS SDK's own signer in lambdas/__tests__/aws-sigv4.test.ts.

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign besides host and x-amz-*; names in any case. */
  headers: Record<string, string>;
  body: string;
  service: string;
  region: string;
  credentials: Credentials;
  /** Defaults to now. */
  date?: Date;
}

const sha256Hex = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer =>
  createHmac('sha256', key).update(data, 'utf8').digest();

// The signing key depends only on the day, region and service: cache it for the life of the instance.
const signingKeys = new Map<string, Buffer>();

function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  const id = `${secret}\n${day}\n${region}\n${service}`;
  let key = signingKeys.get(id);
  if (!key) {
    key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
    if (signingKeys.size > 16) signingKeys.clear();
    signingKeys.set(id, key);
  }
  return key;
}

/** RFC 3986 escaping, as SigV4 wants it for each path segment and query part. */
const escape = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([k, v]) => [escape(k), escape(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** The headers to send: the request's own plus host, x-amz-date, the session token and Authorization. */
export function sign(input: SignInput): Record<string, string> {
  const date = input.date ?? new Date();
  const amzDate = date.toISOString().replace(/[:-]|\.\d{3}/g, ''); // 20260102T030405Z
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value.trim();
  headers.host = input.url.host;
  headers['x-amz-date'] = amzDate;
  if (input.credentials.sessionToken) headers['x-amz-security-token'] = input.credentials.sessionToken;

  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    input.method,
    // Non-S3 services sign each path segment escaped once more than it is sent.
    input.url.pathname
      .split('/')
      .map((seg) => escape(seg))
      .join('/') || '/',
    canonicalQuery(input.url),
    names.map((n) => `${n}:${(headers[n] ?? '').replace(/\s+/g, ' ')}\n`).join(''),
    signedHeaders,
    sha256Hex(input.body),
  ].join('\n');
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac(
    'sha256',
    signingKey(input.credentials.secretAccessKey, day, input.region, input.service),
  )
    .update(stringToSign, 'utf8')
    .digest('hex');
  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}

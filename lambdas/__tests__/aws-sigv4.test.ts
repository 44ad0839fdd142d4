import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { sign, type Credentials, type SignInput } from '../lib/aws/sigv4';

// Our signer must produce exactly what the AWS SDK's own signer (@smithy/signature-v4) produces for
// the requests the handlers send; AWS refuses anything else with InvalidSignatureException.

const bytes = (d: string | ArrayBuffer | ArrayBufferView): string | Buffer =>
  typeof d === 'string'
    ? d
    : d instanceof ArrayBuffer
      ? Buffer.from(d)
      : Buffer.from(d.buffer, d.byteOffset, d.byteLength);

/** The hash constructor the SDK's signer expects (SHA-256, or HMAC-SHA256 with a secret). */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

async function sdkSignature(
  args: Omit<SignInput, 'method'> & { date: Date },
): Promise<Record<string, string>> {
  const signer = new SignatureV4({
    credentials: args.credentials,
    region: args.region,
    service: args.service,
    sha256: Sha256,
    applyChecksum: false,
  });
  const signed = await signer.sign(
    {
      method: 'POST',
      protocol: args.url.protocol,
      hostname: args.url.hostname,
      port: args.url.port ? Number(args.url.port) : undefined,
      path: args.url.pathname,
      query: {},
      headers: { ...args.headers, host: args.url.host },
      body: args.body,
    },
    { signingDate: args.date },
  );
  return Object.fromEntries(Object.entries(signed.headers).map(([k, v]) => [k.toLowerCase(), v]));
}

const date = new Date('2026-11-22T10:11:12.345Z');
const roleCredentials: Credentials = {
  accessKeyId: 'ASIAEXAMPLEEXAMPLE12',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  sessionToken: 'IQoJb3JpZ2luX2VjEXAMPLE//token+with/odd=chars',
};

type Case = Omit<SignInput, 'method' | 'date'> & { name: string };

const dynamoCase: Case = {
  name: 'DynamoDB GetItem with a session token',
  url: new URL('https://dynamodb.eu-west-1.amazonaws.com/'),
  headers: { 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': 'DynamoDB_20120810.GetItem' },
  body: JSON.stringify({ TableName: 't', Key: { pk: { S: 'USER#ü 1' } }, ConsistentRead: true }),
  service: 'dynamodb',
  region: 'eu-west-1',
  credentials: roleCredentials,
};

const cases: Case[] = [
  dynamoCase,
  {
    name: 'Cognito with long-term keys (no token), on a local port',
    url: new URL('http://127.0.0.1:9229/'),
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers',
    },
    body: JSON.stringify({ UserPoolId: 'us-east-1_abc', Filter: 'email = "a@b.c"', Limit: 2 }),
    service: 'cognito-idp',
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  },
  {
    name: 'SES v2 on a REST path, empty-ish body',
    url: new URL('https://email.us-west-2.amazonaws.com/v2/email/outbound-emails'),
    headers: { 'content-type': 'application/json' },
    body: '{}',
    service: 'ses',
    region: 'us-west-2',
    credentials: roleCredentials,
  },
];

describe('SigV4 signing', () => {
  it.each(cases)('matches the AWS SDK signer: $name', async (c) => {
    const ours = sign({ method: 'POST', ...c, date });
    const sdk = await sdkSignature({ ...c, date });
    expect(ours.authorization).toBe(sdk.authorization);
    expect(ours['x-amz-date']).toBe(sdk['x-amz-date']);
    expect(ours['x-amz-security-token']).toBe(sdk['x-amz-security-token']);
    expect(ours.host).toBe(c.url.host);
  });

  it('changes the signature when the body, the time or the secret changes', () => {
    const base = { method: 'POST', ...dynamoCase, date };
    const sig = (o: Partial<typeof base>) => sign({ ...base, ...o }).authorization;
    expect(sig({})).toBe(sig({}));
    expect(sig({ body: `${base.body} ` })).not.toBe(sig({}));
    expect(sig({ date: new Date(date.getTime() + 1000) })).not.toBe(sig({}));
    expect(sig({ credentials: { ...roleCredentials, secretAccessKey: 'other' } })).not.toBe(sig({}));
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { awsJson, AwsError, endpointUrl, type AwsService } from '../lib/aws/client';
import { NetworkError } from '../lib/outbound';

// The AWS transport against a scripted HTTP server: how AWS's error answers reach the handlers (the
// code as the error's name, as with the SDK) and which failures are retried.

interface Answer {
  status: number;
  body: string;
  headers?: Record<string, string>;
  /** Answer this late (ms). */
  delay?: number;
}

let server: http.Server;
let service: AwsService;
let script: Answer[] = [];
let seen: { headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ headers: req.headers, body });
      const answer = script.shift() ?? { status: 200, body: '{}' };
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.0', ...answer.headers });
        res.end(answer.body);
      }, answer.delay ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  service = {
    signingName: 'dynamodb',
    endpointPrefix: 'dynamodb',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
  };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  script = [];
  seen = [];
});

const getItem = () =>
  awsJson<{ Item?: unknown }>(service, 'DynamoDB_20120810.GetItem', { TableName: 't' }, '1.0');

describe('AWS JSON client', () => {
  it('sends one signed POST naming the operation and answers the parsed body', async () => {
    script = [{ status: 200, body: '{"Item":{"pk":{"S":"a"}}}' }];
    await expect(getItem()).resolves.toEqual({ Item: { pk: { S: 'a' } } });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers['x-amz-target']).toBe('DynamoDB_20120810.GetItem');
    expect(seen[0]?.headers['content-type']).toBe('application/x-amz-json-1.0');
    expect(seen[0]?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=local\/\d{8}\/us-east-1\/dynamodb\/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=[0-9a-f]{64}$/,
    );
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ TableName: 't' });
  });

  it('names the error by its code from the body, without retrying a client error', async () => {
    script = [
      {
        status: 400,
        body: '{"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException","message":"The conditional request failed"}',
        headers: { 'x-amzn-requestid': 'REQ1' },
      },
    ];
    const err = await getItem().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AwsError);
    expect(err).toMatchObject({
      name: 'ConditionalCheckFailedException',
      message: 'The conditional request failed',
      statusCode: 400,
      requestId: 'REQ1',
    });
    expect(seen).toHaveLength(1);
  });

  it('reads the code from x-amzn-ErrorType and the message from Message', async () => {
    script = [
      {
        status: 400,
        body: '{"Message":"Incorrect username or password."}',
        headers: {
          'x-amzn-errortype': 'NotAuthorizedException:http://internal.amazon.com/coral/com.amazon.cognito/',
        },
      },
    ];
    await expect(getItem()).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('retries 5xx and throttling, then succeeds', async () => {
    script = [
      { status: 500, body: 'not json' },
      { status: 400, body: '{"__type":"ThrottlingException","message":"Rate exceeded"}' },
      { status: 200, body: '{"Item":{}}' },
    ];
    await expect(getItem()).resolves.toEqual({ Item: {} });
    expect(seen).toHaveLength(3);
  });

  it('gives up after three attempts with the last error', async () => {
    script = [500, 503, 502].map((status) => ({
      status,
      body: `{"__type":"InternalServerError","message":"${status}"}`,
    }));
    await expect(getItem()).rejects.toMatchObject({
      name: 'InternalServerError',
      message: '502',
      statusCode: 502,
    });
    expect(seen).toHaveLength(3);
  });

  it('reports a refused connection as a NetworkError after retrying', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = { ...service, endpoint: `http://127.0.0.1:${port}` };
    await expect(awsJson(down, 'DynamoDB_20120810.GetItem', {}, '1.0')).rejects.toBeInstanceOf(NetworkError);
  });

  it('does not resend an attempt that timed out (the write may have happened)', async () => {
    script = [{ status: 200, body: '{}', delay: 400 }];
    const err = await awsJson({ ...service, timeoutMs: 100 }, 'DynamoDB_20120810.PutItem', {}, '1.0').catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).timedOut).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('sends a public operation unsigned when asked, as the SDK sends InitiateAuth', async () => {
    await awsJson(service, 'AWSCognitoIdentityProviderService.InitiateAuth', {}, '1.1', { signed: false });
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[0]?.headers['x-amz-date']).toBeUndefined();
    expect(seen[0]?.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.InitiateAuth');
  });

  it('builds regional endpoints, and keeps an emulator base path', () => {
    const aws = { signingName: 'ses', endpointPrefix: 'email', region: 'eu-central-1' };
    expect(endpointUrl(aws, '/v2/email/outbound-emails').href).toBe(
      'https://email.eu-central-1.amazonaws.com/v2/email/outbound-emails',
    );
    expect(endpointUrl({ ...aws, region: 'cn-north-1' }, '/').host).toBe('email.cn-north-1.amazonaws.com.cn');
    expect(endpointUrl({ ...aws, endpoint: 'http://127.0.0.1:9/' }, '/').href).toBe('http://127.0.0.1:9/');
  });
});

import http from 'node:http';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, GetItemCommand, PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { policyStatements, arnsFromNames } from '../../../cdk/lib/handler-permissions';
import { listen, type RunningServer } from '../../listen';
import { startIamGate, type IamDecision, type IamGate } from '../gate';
import { adminPrincipal, handlerPrincipal, LOCAL_ACCOUNT, LOCAL_REGION, type Credentials } from '../policy';

// The gate with the real SDK clients in front (so signatures are the SDK's) and a recording stand-in
// behind it for every service.

const SEED = 'gate-test-seed';
const scope = { region: LOCAL_REGION, account: LOCAL_ACCOUNT };
const STRIPE_ARN = `arn:aws:secretsmanager:us-east-1:${LOCAL_ACCOUNT}:secret:SecretsStripe-AbCdEf`;
const arns = arnsFromNames(scope, {
  tableName: 'stockbench',
  userPoolId: 'local_pool1',
  secrets: { stripe: STRIPE_ARN, signingKey: `${STRIPE_ARN.replace('Stripe', 'Key')}` },
  sesIdentity: 'stockbench.app',
});
const reader = handlerPrincipal(
  SEED,
  'reader',
  policyStatements(
    {
      table: ['GetItem'],
      queryIndexes: ['byLicenseKey'],
      secrets: ['stripe'],
      mail: true,
      cognito: ['ListUsers'],
    },
    arns,
  ),
);
const admin = adminPrincipal(SEED);

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('IAM gate', () => {
  let upstream: RunningServer;
  let gate: IamGate;
  const seen: Seen[] = [];
  const decisions: IamDecision[] = [];
  const denials: string[] = [];

  beforeAll(async () => {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        });
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0', 'x-upstream': 'yes' });
        res.end(req.url?.startsWith('/v2/') ? '{"MessageId":"m-1"}' : '{}');
      });
    });
    upstream = await listen(server, 0);
    gate = await startIamGate({
      port: 0,
      upstreams: {
        dynamodb: upstream.url,
        'cognito-idp': upstream.url,
        ses: upstream.url,
        secretsmanager: upstream.url,
      },
      principals: [admin, reader],
      secretArns: () => [STRIPE_ARN],
      log: (line) => denials.push(line),
    });
    gate.onDecision((d) => decisions.push(d));
  });
  afterAll(async () => {
    await gate.stop();
    await upstream.stop();
  });
  beforeEach(() => {
    seen.length = 0;
    decisions.length = 0;
  });

  const config = (credentials: Credentials) => ({
    endpoint: gate.url,
    region: LOCAL_REGION,
    credentials,
    maxAttempts: 1,
  });
  const dynamo = (credentials: Credentials) => new DynamoDBClient(config(credentials));
  const getItem = (table = 'stockbench') =>
    new GetItemCommand({ TableName: table, Key: { pk: { S: 'USER#1' }, sk: { S: 'ACCOUNT' } } });
  const failure = async (p: Promise<unknown>) => {
    const error = (await p.then(
      () => undefined,
      (e: unknown) => e,
    )) as (Error & { $metadata?: { httpStatusCode?: number } }) | undefined;
    if (!error) throw new Error('expected the call to fail');
    return { name: error.name, message: error.message, status: error.$metadata?.httpStatusCode };
  };

  it('forwards an allowed call unchanged and streams the answer back', async () => {
    const client = dynamo(reader.credentials);
    const out = await client.send(getItem());
    client.destroy();
    expect(out.$metadata.httpStatusCode).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers['x-amz-target']).toBe('DynamoDB_20120810.GetItem');
    expect(seen[0]?.headers.authorization).toContain(`Credential=${reader.credentials.accessKeyId}/`);
    expect(JSON.parse(seen[0]?.body ?? '{}')).toMatchObject({ TableName: 'stockbench' });
    expect(decisions).toEqual([
      {
        principal: 'reader',
        service: 'dynamodb',
        operation: 'GetItem',
        action: 'dynamodb:GetItem',
        resource: `arn:aws:dynamodb:us-east-1:${LOCAL_ACCOUNT}:table/stockbench`,
        allowed: true,
      },
    ]);
  });

  it('refuses an unknown access key with UnrecognizedClientException', async () => {
    const client = dynamo({ accessKeyId: 'AKIAUNKNOWN000000000', secretAccessKey: 'x' });
    expect(await failure(client.send(getItem()))).toEqual({
      name: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
      status: 400,
    });
    client.destroy();
    expect(seen).toEqual([]);
  });

  it('refuses a wrong signature (right key, wrong secret) with InvalidSignatureException', async () => {
    const client = dynamo({ ...reader.credentials, secretAccessKey: 'not-the-secret' });
    const f = await failure(client.send(getItem()));
    client.destroy();
    expect(f).toMatchObject({ name: 'InvalidSignatureException', status: 400 });
    expect(f.message).toMatch(/signature we calculated does not match/);
    expect(seen).toEqual([]);
  });

  it('refuses a handler key without its session token', async () => {
    const client = dynamo({ ...reader.credentials, sessionToken: undefined });
    expect((await failure(client.send(getItem()))).name).toBe('UnrecognizedClientException');
    client.destroy();
  });

  it('refuses an unsigned call but serves Cognito public operations unsigned', async () => {
    const res = await fetch(gate.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'DynamoDB_20120810.ListTables',
      },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    expect(await res.json()).toEqual({
      __type: 'MissingAuthenticationTokenException',
      message: 'Request is missing Authentication Token',
    });
    const unsignedAdmin = await fetch(gate.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminGetUser',
      },
      body: JSON.stringify({ UserPoolId: 'local_pool1', Username: 'someone' }),
    });
    expect(unsignedAdmin.status).toBe(400);
    expect(unsignedAdmin.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    expect(seen).toEqual([]);

    // The SDK sends InitiateAuth unsigned (a public operation): it reaches Cognito.
    const cognito = new CognitoIdentityProviderClient(config(reader.credentials));
    await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: 'c',
        AuthParameters: { USERNAME: 'u' },
      }),
    );
    cognito.destroy();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('refuses an action the role does not grant, naming role, action and resource', async () => {
    const client = dynamo(reader.credentials);
    const f = await failure(
      client.send(new PutItemCommand({ TableName: 'stockbench', Item: { pk: { S: 'x' }, sk: { S: 'y' } } })),
    );
    client.destroy();
    const resource = `arn:aws:dynamodb:us-east-1:${LOCAL_ACCOUNT}:table/stockbench`;
    expect(f).toEqual({
      name: 'AccessDeniedException',
      status: 400,
      message:
        `User: arn:aws:sts::${LOCAL_ACCOUNT}:assumed-role/reader/reader is not authorized to perform: ` +
        `dynamodb:PutItem on resource: ${resource} because no identity-based policy allows the dynamodb:PutItem action`,
    });
    expect(seen).toEqual([]);
    expect(decisions).toMatchObject([{ action: 'dynamodb:PutItem', allowed: false }]);
    expect(denials.at(-1)).toBe(`[iam] denied reader: dynamodb:PutItem on ${resource}`);
  });

  it('refuses a granted action on another resource (table, index, pool)', async () => {
    const client = dynamo(reader.credentials);
    expect((await failure(client.send(getItem('other-table')))).message).toContain(
      'dynamodb:GetItem on resource: arn:aws:dynamodb:us-east-1:000000000000:table/other-table ',
    );
    const query = (IndexName: string) =>
      new QueryCommand({
        TableName: 'stockbench',
        IndexName,
        KeyConditionExpression: 'k = :k',
        ExpressionAttributeValues: { ':k': { S: 'x' } },
      });
    await client.send(query('byLicenseKey'));
    expect((await failure(client.send(query('byCustomerId')))).message).toContain(
      'table/stockbench/index/byCustomerId ',
    );
    client.destroy();
    const cognito = new CognitoIdentityProviderClient(config(reader.credentials));
    await cognito.send(new ListUsersCommand({ UserPoolId: 'local_pool1' }));
    expect((await failure(cognito.send(new ListUsersCommand({ UserPoolId: 'local_pool2' })))).name).toBe(
      'AccessDeniedException',
    );
    cognito.destroy();
    expect(seen).toHaveLength(2);
  });

  it('lets the admin do anything', async () => {
    const client = dynamo(admin.credentials);
    await client.send(getItem('any-table'));
    await client.send(new PutItemCommand({ TableName: 'any-table', Item: { pk: { S: 'x' } } }));
    client.destroy();
    expect(seen).toHaveLength(2);
    expect(decisions.every((d) => d.principal === 'admin' && d.allowed)).toBe(true);
  });

  it('checks Secrets Manager on the secret ARN, also when named without its suffix', async () => {
    const client = new SecretsManagerClient(config(reader.credentials));
    await client.send(new GetSecretValueCommand({ SecretId: STRIPE_ARN }));
    await client.send(new GetSecretValueCommand({ SecretId: 'SecretsStripe' }));
    const f = await failure(client.send(new GetSecretValueCommand({ SecretId: 'SecretsOther' })));
    client.destroy();
    expect(f.message).toContain(
      'secretsmanager:GetSecretValue on resource: arn:aws:secretsmanager:us-east-1:000000000000:secret:SecretsOther ',
    );
    expect(decisions.map((d) => [d.resource, d.allowed])).toEqual([
      [STRIPE_ARN, true],
      [STRIPE_ARN, true],
      ['arn:aws:secretsmanager:us-east-1:000000000000:secret:SecretsOther', false],
    ]);
  });

  it('checks SES SendEmail on the sender domain identity; SES v2 answers 403', async () => {
    const send = (from: string, credentials: Credentials) => {
      const client = new SESv2Client(config(credentials));
      return client
        .send(
          new SendEmailCommand({
            FromEmailAddress: from,
            Destination: { ToAddresses: ['a@example.com'] },
            Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
          }),
        )
        .finally(() => client.destroy());
    };
    expect((await send('Stockbench <no-reply@stockbench.app>', reader.credentials)).MessageId).toBe('m-1');
    expect(seen[0]?.url).toBe('/v2/email/outbound-emails');
    const denied = await failure(send('me@elsewhere.example', reader.credentials));
    expect(denied).toMatchObject({ name: 'AccessDeniedException', status: 403 });
    expect(denied.message).toContain(
      'ses:SendEmail on resource: arn:aws:ses:us-east-1:000000000000:identity/elsewhere.example ',
    );
    const unknown = await failure(
      send('no-reply@stockbench.app', { accessKeyId: 'AKIANOPE', secretAccessKey: 'x' }),
    );
    expect(unknown).toMatchObject({ name: 'UnrecognizedClientException', status: 403 });
  });
});

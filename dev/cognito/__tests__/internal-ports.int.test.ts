import {
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { Mail } from '../../../lambdas/lib/mail';
import { type LambdaInvokeServer } from '../../lambda-invoke';
import { freePort } from '../../ports';
import { type LocalCognito } from '../index';
import { startCognitoAlone } from './support/cognito-alone';

// The stack's internal listeners, cognito-local's own port and the Lambda Invoke endpoint, answer only
// the stack's own components (the proxy's secret; Cognito's signed invocations), so nobody on the
// machine gets around the Cognito proxy and the IAM gate. A call straight to them is refused as AWS
// refuses an unsigned or badly signed call.

let stop: (() => Promise<void>) | undefined;
let lambda: LambdaInvokeServer;
let cognito: LocalCognito;
let client: CognitoIdentityProviderClient;
let upstream: string;
const mails: Mail[] = [];
const stamp = Date.now();
const strangers = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

beforeAll(async () => {
  const upstreamPort = await freePort();
  upstream = `http://127.0.0.1:${upstreamPort}`;
  ({ lambda, cognito, client, stop } = await startCognitoAlone({
    upstreamPort,
    deliver: async (m) => void mails.push(m),
  }));
});
afterAll(() => stop?.());

const customMessageEvent = (email: string) => ({
  version: '1',
  region: 'us-east-1',
  userPoolId: cognito.userPoolId,
  userName: email,
  triggerSource: 'CustomMessage_SignUp',
  callerContext: { awsSdkVersion: 'x', clientId: cognito.clientId },
  request: { userAttributes: { email }, codeParameter: '{####}', usernameParameter: '{username}' },
  response: {},
});

describe("cognito-local's own port", () => {
  it('refuses an unsigned AdminCreateUser as Cognito does (400 MissingAuthenticationTokenException) and makes no user', async () => {
    const email = `direct${stamp}@example.com`;
    const res = await fetch(upstream, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminCreateUser',
      },
      body: JSON.stringify({ UserPoolId: cognito.userPoolId, Username: email }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    expect(await res.json()).toMatchObject({ __type: 'MissingAuthenticationTokenException' });
    await expect(
      client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });

  it('refuses a call signed with keys it does not know (UnrecognizedClientException)', async () => {
    const direct = new CognitoIdentityProviderClient({
      region: 'us-east-1',
      endpoint: upstream,
      credentials: strangers,
    });
    await expect(
      direct.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: cognito.userPoolId,
          Username: `anyone${stamp}@example.com`,
          Password: 'Takeover-Passw0rd!',
          Permanent: true,
        }),
      ),
    ).rejects.toMatchObject({ name: 'UnrecognizedClientException', $metadata: { httpStatusCode: 400 } });
    direct.destroy();
  });

  it("still serves the proxy: a sign-up through it runs cognito-local's signed CustomMessage, and the code mail arrives", async () => {
    const email = `signup${stamp}@example.com`;
    await client.send(
      new SignUpCommand({ ClientId: cognito.clientId, Username: email, Password: 'Secret-Passw0rd!' }),
    );
    expect(mails.filter((m) => m.to === email)).toHaveLength(1);
  });
});

describe('the Lambda Invoke endpoint', () => {
  it('refuses an unsigned Invoke as Lambda does (403 MissingAuthenticationTokenException) and runs nothing', async () => {
    const email = `unsigned${stamp}@example.com`;
    const res = await fetch(`${lambda.url}/2015-03-31/functions/custom-message/invocations`, {
      method: 'POST',
      body: JSON.stringify(customMessageEvent(email)),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    expect(await res.json()).toEqual({ message: 'Missing Authentication Token' });
  });

  it.each([
    ['keys it does not know', 'UnrecognizedClientException', () => strangers],
    [
      "Cognito's key id with another secret",
      'InvalidSignatureException',
      () => ({ ...lambda.cognitoCredentials, secretAccessKey: strangers.secretAccessKey }),
    ],
  ])('refuses an Invoke signed with %s (%s)', async (_what, refusal, credentials) => {
    const direct = new LambdaClient({
      region: 'us-east-1',
      endpoint: lambda.url,
      credentials: credentials(),
      maxAttempts: 1,
    });
    await expect(
      direct.send(
        new InvokeCommand({
          FunctionName: 'custom-message',
          Payload: new TextEncoder().encode(JSON.stringify(customMessageEvent(`x${stamp}@example.com`))),
        }),
      ),
    ).rejects.toMatchObject({ name: refusal, $metadata: { httpStatusCode: 403 } });
    direct.destroy();
  });

  it('runs an Invoke signed with the keys Cognito signs with', async () => {
    const signed = new LambdaClient({
      region: 'us-east-1',
      endpoint: lambda.url,
      credentials: lambda.cognitoCredentials,
    });
    const out = await signed.send(
      new InvokeCommand({
        FunctionName: 'custom-message',
        Payload: new TextEncoder().encode(JSON.stringify(customMessageEvent(`signed${stamp}@example.com`))),
      }),
    );
    signed.destroy();
    expect(out.FunctionError).toBeUndefined();
    expect(JSON.parse(new TextDecoder().decode(out.Payload))).toHaveProperty('response.emailMessage');
  });

  it("files no mail posted to the message hook without cognito-local's secret", async () => {
    const email = `forged${stamp}@example.com`;
    const forged = {
      destination: email,
      username: email,
      emailSubject: 'OK to refund',
      emailMessage: 'Forged',
    };
    for (const url of [
      `${lambda.url}/local/cognito-messages`,
      `${lambda.url}/local/cognito-messages/guess`,
    ]) {
      const res = await fetch(url, { method: 'POST', body: JSON.stringify(forged) });
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    expect(mails.filter((m) => m.to === email)).toEqual([]);
  });
});

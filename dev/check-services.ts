import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { GetEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import { localSecretsManagerClient, localSesClient } from './aws-twins/clients';
import { localCognitoClient } from './cognito/setup';
import { localDynamoDbClient } from './dynamodb';
import { MAIL_DOMAIN } from './handler-env';
import { localStripe } from './local-stripe';
import type { StackInfo } from './stack-info';

/** One real call to each service; throws naming the first that does not answer. */
export async function checkServices(info: StackInfo): Promise<void> {
  const check = async (name: string, fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (error) {
      throw new Error(`${name} does not answer: ${String(error)}`);
    }
  };
  await check('DynamoDB', async () => {
    const client = localDynamoDbClient(info.dynamodb);
    const { TableNames = [] } = await client.send(new ListTablesCommand({}));
    client.destroy();
    if (!TableNames.includes(info.tableName)) throw new Error(`table ${info.tableName} missing`);
  });
  await check('Cognito', async () => {
    const client = localCognitoClient(info.cognitoEndpoint);
    await client.send(new DescribeUserPoolCommand({ UserPoolId: info.userPoolId }));
    client.destroy();
  });
  await check('IAM gate', async () => {
    const client = localDynamoDbClient(info.awsGate, info.adminCredentials);
    await client.send(new ListTablesCommand({}));
    client.destroy();
  });
  await check('Stripe', () =>
    localStripe(Number(new URL(info.stripeApi).port)).prices.retrieve(info.stripePriceId),
  );
  await check('SES', async () => {
    const client = localSesClient(info.ses);
    try {
      await client.send(new GetEmailIdentityCommand({ EmailIdentity: MAIL_DOMAIN }));
    } finally {
      client.destroy();
    }
  });
  await check('Secrets Manager', async () => {
    const client = localSecretsManagerClient(info.secretsManager);
    try {
      for (const [arn, field] of [
        [info.stripeSecretArn, 'webhookSecret'],
        [info.licenseSigningKeyArn, 'privateKeyPem'],
      ] as const) {
        const { SecretString = '{}' } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
        if (!(field in (JSON.parse(SecretString) as object))) throw new Error(`${arn} has no ${field}`);
      }
    } finally {
      client.destroy();
    }
  });
  await check('outbox', async () => {
    if (!(await fetch(info.outbox)).ok) throw new Error('not ok');
  });
  await check('API', async () => {
    // The first request starts the function's worker; on a starved machine that start can outlast the
    // API's 30 s and answer 503, while the started worker answers the next request at once.
    let res = await fetch(`${info.api}/health`);
    for (let retry = 0; res.status === 503 && retry < 3; retry++) res = await fetch(`${info.api}/health`);
    if (!res.ok) throw new Error(`GET /api/health answered ${res.status}`);
  });
}

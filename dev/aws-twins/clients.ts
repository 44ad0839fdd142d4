import { PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';

// SDK clients for the local twins, for the stack's own checks and for tests (dummy credentials: the
// twins ignore signatures).

const local = (endpoint: string) => ({
  endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  maxAttempts: 1,
});

export const localSecretsManagerClient = (endpoint: string): SecretsManagerClient =>
  new SecretsManagerClient(local(endpoint));

export const localSesClient = (endpoint: string): SESv2Client => new SESv2Client(local(endpoint));

/**
 * Puts a new AWSCURRENT value in a secret of the running stack (an object is stored as its JSON),
 * through the SDK as an operator would: to rotate a secret, or to put a placeholder. Returns the new
 * VersionId. Handlers keep what they read for a while (lambdas/lib), so reset their cache to see it.
 */
export async function putLocalSecret(
  info: { secretsManager: string },
  arnOrName: string,
  value: string | Record<string, unknown>,
): Promise<string> {
  const client = localSecretsManagerClient(info.secretsManager);
  try {
    const out = await client.send(
      new PutSecretValueCommand({
        SecretId: arnOrName,
        SecretString: typeof value === 'string' ? value : JSON.stringify(value),
      }),
    );
    return out.VersionId ?? '';
  } finally {
    client.destroy();
  }
}

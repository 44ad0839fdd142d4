import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { awsClientDefaults } from './aws-clients';
import { SecretNotConfiguredError, SECRET_PLACEHOLDER } from './errors';

// The two secrets the handlers use, read from Secrets Manager through Powertools Parameters and cached
// for SECRET_MAX_AGE_MS, so a rotated Stripe key or webhook secret is picked up within minutes without a
// deploy. Powertools keeps a value only after a successful read and parse, so a failed read is tried
// again on the next call; a placeholder parses fine, so it is dropped from the cache here. Only handlers
// that import this module carry the Secrets Manager client.

export interface StripeSecrets {
  secretKey: string;
  webhookSecret: string;
}

/** How long a secret read from Secrets Manager is trusted before it is read again. */
export const SECRET_MAX_AGE_MS = 5 * 60_000;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

let sdkClient: SecretsManagerClient | undefined;
let provider: SecretsProvider | undefined;
/** Reads under way: Powertools caches a value once it arrives, so callers in the meantime share the read. */
const reading = new Map<string, Promise<unknown>>();

/** Forgets what was read, so tests can change a secret or point at another stack. */
export function resetSecrets(): void {
  reading.clear();
  provider?.clearCache();
  provider = undefined;
  sdkClient?.destroy();
  sdkClient = undefined;
}

function secretsProvider(): SecretsProvider {
  if (!provider) {
    sdkClient = new SecretsManagerClient(awsClientDefaults());
    provider = new SecretsProvider({ awsSdkV3Client: sdkClient });
  }
  return provider;
}

/**
 * The secret's string fields, read at most once per SECRET_MAX_AGE_MS per Lambda instance (Powertools
 * takes maxAge in seconds). A read that fails or finds the placeholder is not kept: the next call reads again.
 */
async function readSecretJson(arn: string): Promise<Record<string, string>> {
  const secrets = secretsProvider();
  let read = reading.get(arn);
  if (!read) {
    read = secrets
      .get(arn, { transform: 'json', maxAge: SECRET_MAX_AGE_MS / 1000 })
      .finally(() => reading.delete(arn));
    reading.set(arn, read);
  }
  const parsed: unknown = await read;
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`Secret ${arn} is not a JSON object`);
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (value === SECRET_PLACEHOLDER) {
      secrets.clearCache();
      throw new SecretNotConfiguredError(arn);
    }
    if (typeof value === 'string') fields[key] = value;
  }
  return fields;
}
function field(fields: Record<string, string>, key: string, arn: string): string {
  const value = fields[key];
  if (!value) throw new Error(`Secret ${arn} has no string field ${key}`);
  return value;
}

/** JSON { secretKey, webhookSecret } in the secret named by STRIPE_SECRET_ARN. */
export async function getStripeSecrets(): Promise<StripeSecrets> {
  const arn = required('STRIPE_SECRET_ARN');
  const fields = await readSecretJson(arn);
  return { secretKey: field(fields, 'secretKey', arn), webhookSecret: field(fields, 'webhookSecret', arn) };
}

export interface LicenseSigningSecret {
  /** The Ed25519 private key (PKCS8 PEM) that signs license statements now. */
  privateKeyPem: string;
  /** The public key (SPKI PEM) of the key it replaced, still published after a rotation. */
  previousPublicKeyPem?: string;
  /**
   * The private key it replaced (PKCS8 PEM), kept until the next rotation: it is published as the
   * previous key and signs the endorsement of the current one, which lets installed applications trust it.
   */
  previousPrivateKeyPem?: string;
}

/** JSON { privateKeyPem, previousPrivateKeyPem?, previousPublicKeyPem? } in the secret named by LICENSE_SIGNING_KEY_ARN. */
export async function getLicenseSigningSecret(): Promise<LicenseSigningSecret> {
  const arn = required('LICENSE_SIGNING_KEY_ARN');
  const fields = await readSecretJson(arn);
  const previous = fields.previousPublicKeyPem;
  const previousPrivate = fields.previousPrivateKeyPem;
  return {
    privateKeyPem: field(fields, 'privateKeyPem', arn),
    ...(previous && { previousPublicKeyPem: previous }),
    ...(previousPrivate && { previousPrivateKeyPem: previousPrivate }),
  };
}

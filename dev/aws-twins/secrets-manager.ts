import { randomInt, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { listen } from '../listen';
import { readBody } from '../http-helpers';
import { AwsTwinError, parseJsonObject, sendJson } from './http';

// A local twin of AWS Secrets Manager (awsJson 1.1, what @aws-sdk/client-secrets-manager speaks):
// GetSecretValue, PutSecretValue, DescribeSecret and CreateSecret, with Secrets Manager's version
// stages (a new version becomes AWSCURRENT, the previous one AWSPREVIOUS) and its way of naming a
// secret (name, full ARN, or ARN without the random suffix). State is one JSON file.

export interface SecretsManagerTwinOptions {
  port: number;
  /** JSON file holding every secret and version; created on first write. */
  statePath: string;
  region?: string;
  accountId?: string;
}

export interface SecretsManagerTwin {
  url: string;
  port: number;
  /**
   * Creates secret `name` with `secretString`, or (when it exists) makes `secretString` its
   * AWSCURRENT value if it is not already. Returns the secret's ARN (stable across restarts).
   */
  ensureSecret(name: string, secretString: string, description?: string): Promise<string>;
  stop(): Promise<void>;
}

interface Version {
  secretString?: string;
  /** Base64, as SecretBinary travels in JSON. */
  secretBinary?: string;
  stages: string[];
  /** Epoch seconds. */
  createdDate: number;
}

interface Secret {
  arn: string;
  name: string;
  description?: string;
  createdDate: number;
  lastChangedDate: number;
  /** Epoch seconds at midnight UTC: Secrets Manager keeps the date only. */
  lastAccessedDate?: number;
  versions: Record<string, Version>;
}

interface State {
  secrets: Record<string, Secret>;
}

type Json = Record<string, unknown>;

const CONTENT_TYPE = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'secretsmanager.';
const CURRENT = 'AWSCURRENT';
const PREVIOUS = 'AWSPREVIOUS';
const NOT_FOUND = "Secrets Manager can't find the specified secret.";
const SUFFIX_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const now = () => Date.now() / 1000;
const today = () => Math.floor(Date.now() / 86_400_000) * 86_400;
const suffix = () => Array.from({ length: 6 }, () => SUFFIX_CHARS[randomInt(SUFFIX_CHARS.length)]).join('');

function requiredString(body: Json, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || !value) {
    throw new AwsTwinError('InvalidParameterException', `Invalid parameter: ${key} is required.`);
  }
  return value;
}

function optionalString(body: Json, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw new AwsTwinError('InvalidParameterException', `Invalid parameter: ${key} must be a string.`);
  }
  return value;
}

/** SecretString or SecretBinary, exactly one. */
function secretValue(
  body: Json,
  required: boolean,
): Pick<Version, 'secretString' | 'secretBinary'> | undefined {
  const secretString = optionalString(body, 'SecretString');
  const secretBinary = optionalString(body, 'SecretBinary');
  if (secretString !== undefined && secretBinary !== undefined) {
    throw new AwsTwinError(
      'InvalidParameterException',
      "You can't specify both a binary secret value and a string secret value in the same secret.",
    );
  }
  if (secretString === undefined && secretBinary === undefined) {
    if (!required) return undefined;
    throw new AwsTwinError(
      'InvalidRequestException',
      'You must provide either SecretString or SecretBinary.',
    );
  }
  return secretString !== undefined ? { secretString } : { secretBinary };
}

export async function startSecretsManagerTwin(opts: SecretsManagerTwinOptions): Promise<SecretsManagerTwin> {
  const region = opts.region ?? 'us-east-1';
  const accountId = opts.accountId ?? '000000000000';
  let state: State;
  try {
    state = JSON.parse(await readFile(opts.statePath, 'utf8')) as State;
  } catch {
    state = { secrets: {} };
  }
  await mkdir(path.dirname(opts.statePath), { recursive: true });

  // Writes go one after another (a later one carries every earlier change), each aside then renamed.
  let saving: Promise<void> = Promise.resolve();
  const save = (): Promise<void> => {
    saving = saving
      .catch(() => undefined)
      .then(async () => {
        const tmp = `${opts.statePath}.tmp`;
        await writeFile(tmp, JSON.stringify(state, null, 2));
        await rename(tmp, opts.statePath);
      });
    return saving;
  };

  const find = (secretId: string): Secret => {
    const secret =
      state.secrets[secretId] ??
      Object.values(state.secrets).find(
        // A full ARN, or a partial one (without "-" and the six random characters).
        (s) => s.arn === secretId || s.arn.slice(0, -7) === secretId,
      );
    if (!secret) throw new AwsTwinError('ResourceNotFoundException', NOT_FOUND);
    return secret;
  };

  const versionIdOf = (secret: Secret, stage: string): string | undefined =>
    Object.entries(secret.versions).find(([, v]) => v.stages.includes(stage))?.[0];

  /** Adds a version; AWSCURRENT moving to it makes the old current version AWSPREVIOUS. */
  const addVersion = (
    secret: Secret,
    versionId: string,
    value: Pick<Version, 'secretString' | 'secretBinary'>,
    stages: string[],
  ): void => {
    for (const stage of stages) {
      const holder = versionIdOf(secret, stage);
      if (!holder) continue;
      const held = secret.versions[holder];
      if (!held) continue;
      held.stages = held.stages.filter((s) => s !== stage);
      if (stage === CURRENT) {
        for (const v of Object.values(secret.versions)) v.stages = v.stages.filter((s) => s !== PREVIOUS);
        held.stages.push(PREVIOUS);
      }
    }
    // A version left without a label is deprecated but stays readable by VersionId, as in AWS.
    secret.versions[versionId] = { ...value, stages: [...stages], createdDate: now() };
    secret.lastChangedDate = now();
  };

  const createSecret = (
    name: string,
    value: Pick<Version, 'secretString' | 'secretBinary'> | undefined,
    versionId: string,
    description: string | undefined,
  ): Secret => {
    if (state.secrets[name]) {
      throw new AwsTwinError(
        'ResourceExistsException',
        `The operation failed because the secret ${name} already exists.`,
      );
    }
    const secret: Secret = {
      arn: `arn:aws:secretsmanager:${region}:${accountId}:secret:${name}-${suffix()}`,
      name,
      ...(description ? { description } : {}),
      createdDate: now(),
      lastChangedDate: now(),
      versions: {},
    };
    if (value) addVersion(secret, versionId, value, [CURRENT]);
    state.secrets[name] = secret;
    return secret;
  };

  const handlers: Record<string, (body: Json) => Promise<Json>> = {
    GetSecretValue: async (body) => {
      const secret = find(requiredString(body, 'SecretId'));
      const versionId = optionalString(body, 'VersionId');
      const stage = optionalString(body, 'VersionStage');
      const id = versionId ?? versionIdOf(secret, stage ?? CURRENT);
      const version = id ? secret.versions[id] : undefined;
      if (!id || !version || (stage && !version.stages.includes(stage))) {
        throw new AwsTwinError(
          'ResourceNotFoundException',
          versionId
            ? `Secrets Manager can't find the specified secret value for VersionId: ${versionId}`
            : `Secrets Manager can't find the specified secret value for staging label: ${stage ?? CURRENT}`,
        );
      }
      if (secret.lastAccessedDate !== today()) {
        secret.lastAccessedDate = today();
        await save();
      }
      return {
        ARN: secret.arn,
        Name: secret.name,
        VersionId: id,
        ...(version.secretString !== undefined ? { SecretString: version.secretString } : {}),
        ...(version.secretBinary !== undefined ? { SecretBinary: version.secretBinary } : {}),
        VersionStages: version.stages,
        CreatedDate: version.createdDate,
      };
    },
    PutSecretValue: async (body) => {
      const secret = find(requiredString(body, 'SecretId'));
      const value = secretValue(body, true) ?? {};
      const versionId = optionalString(body, 'ClientRequestToken') ?? randomUUID();
      const stagesIn = body.VersionStages;
      const stages =
        Array.isArray(stagesIn) && stagesIn.length && stagesIn.every((s) => typeof s === 'string')
          ? (stagesIn as string[])
          : [CURRENT];
      const existing = secret.versions[versionId];
      if (existing) {
        // The same request again (the SDK retries with the same token) is not an error.
        if (existing.secretString !== value.secretString || existing.secretBinary !== value.secretBinary) {
          throw new AwsTwinError(
            'ResourceExistsException',
            "You can't modify an existing version, you can only create a new version.",
          );
        }
      } else {
        addVersion(secret, versionId, value, stages);
        await save();
      }
      return {
        ARN: secret.arn,
        Name: secret.name,
        VersionId: versionId,
        VersionStages: secret.versions[versionId]?.stages ?? [],
      };
    },
    DescribeSecret: async (body) => {
      const secret = find(requiredString(body, 'SecretId'));
      return {
        ARN: secret.arn,
        Name: secret.name,
        ...(secret.description ? { Description: secret.description } : {}),
        CreatedDate: secret.createdDate,
        LastChangedDate: secret.lastChangedDate,
        ...(secret.lastAccessedDate ? { LastAccessedDate: secret.lastAccessedDate } : {}),
        VersionIdsToStages: Object.fromEntries(
          Object.entries(secret.versions).map(([id, v]) => [id, v.stages]),
        ),
      };
    },
    CreateSecret: async (body) => {
      const versionId = optionalString(body, 'ClientRequestToken') ?? randomUUID();
      const secret = createSecret(
        requiredString(body, 'Name'),
        secretValue(body, false),
        versionId,
        optionalString(body, 'Description'),
      );
      await save();
      return {
        ARN: secret.arn,
        Name: secret.name,
        ...(secret.versions[versionId] ? { VersionId: versionId } : {}),
      };
    },
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const target = req.headers['x-amz-target'];
    const operation =
      typeof target === 'string' && target.startsWith(TARGET_PREFIX)
        ? target.slice(TARGET_PREFIX.length)
        : undefined;
    const handler = operation ? handlers[operation] : undefined;
    const body = parseJsonObject(await readBody(req));
    if (req.method !== 'POST' || !handler) {
      throw new AwsTwinError(
        'UnknownOperationException',
        operation
          ? `The local Secrets Manager twin does not implement ${operation}`
          : 'Missing or invalid X-Amz-Target header',
      );
    }
    sendJson(res, 200, await handler(body), CONTENT_TYPE);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // Errors are 400 with { __type, message }; an unexpected failure is InternalServiceError (500).
      const known =
        error instanceof AwsTwinError ? error : new AwsTwinError('InternalServiceError', String(error), 500);
      if (!(error instanceof AwsTwinError)) console.error('[secrets-manager]', error);
      if (res.headersSent) return void res.end();
      sendJson(res, known.status, { __type: known.type, message: known.message }, CONTENT_TYPE, {
        'x-amzn-errortype': known.type,
      });
    });
  });
  const running = await listen(server, opts.port);

  return {
    ...running,
    async ensureSecret(name, secretString, description) {
      const existing = state.secrets[name];
      if (!existing) {
        const secret = createSecret(name, { secretString }, randomUUID(), description);
        await save();
        return secret.arn;
      }
      const current = versionIdOf(existing, CURRENT);
      if (!current || existing.versions[current]?.secretString !== secretString) {
        addVersion(existing, randomUUID(), { secretString }, [CURRENT]);
        await save();
      }
      return existing.arn;
    },
    stop: async () => {
      await running.stop();
      await saving.catch(() => undefined);
    },
  };
}

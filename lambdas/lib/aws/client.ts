import { backoff, NetworkError, send, sleep } from '../outbound';
import { sign, type Credentials } from './sigv4';

// The AWS calls the handlers make, over HTTPS with SigV4, without the AWS SDK (a single SDK v3 client
// bundles to 300-500 KB). Every service used speaks JSON: DynamoDB, Cognito and Secrets Manager the
// "awsJson" protocol (one POST per operation, named by X-Amz-Target), SES v2 "restJson". Errors,
// retries and credentials follow the SDK's rules for what these handlers need.

export interface AwsService {
  /** SigV4 signing name, e.g. "dynamodb", "cognito-idp", "secretsmanager", "ses". */
  signingName: string;
  /** Host prefix of the regional endpoint, e.g. "dynamodb" or "email" (SES). */
  endpointPrefix: string;
  /** Local only: an emulator's base URL instead of the AWS endpoint. */
  endpoint?: string;
  region: string;
  /** Per attempt; default TIMEOUT_MS. */
  timeoutMs?: number;
}

/** An error AWS answered. `name` is the error code, as in the SDK (ConditionalCheckFailedException…). */
export class AwsError extends Error {
  constructor(
    name: string,
    message: string,
    readonly statusCode: number,
    readonly requestId: string | undefined,
  ) {
    super(message);
    this.name = name;
  }
}

const MAX_ATTEMPTS = 3;
// AWS answers these calls in milliseconds; a slow attempt is abandoned early and not retried (the
// write may have happened, and these calls carry no idempotency key), so a request stays well inside
// the Lambda's 15 s.
const TIMEOUT_MS = 3_000;
const THROTTLING = new Set([
  'ThrottlingException',
  'ThrottledException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'LimitExceededException',
  'TransactionInProgressException',
]);

/**
 * The Lambda role's credentials come in the environment (AWS_ACCESS_KEY_ID…). Emulators accept
 * anything but a request must still be signed, so with a local endpoint and no credentials set,
 * fixed dummies are used.
 */
export function credentialsFor(service: AwsService): Credentials {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (accessKeyId && secretAccessKey) {
    return { accessKeyId, secretAccessKey, sessionToken: process.env.AWS_SESSION_TOKEN || undefined };
  }
  if (service.endpoint) return { accessKeyId: 'local', secretAccessKey: 'local' };
  throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
}

export function endpointUrl(service: AwsService, path: string): URL {
  const dns = service.region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com';
  const base = service.endpoint ?? `https://${service.endpointPrefix}.${service.region}.${dns}`;
  return new URL(path, base.endsWith('/') ? base : `${base}/`);
}

/** The error code: the header or body names it, possibly as "namespace#Code:uri". */
function errorCode(header: string | string[] | undefined, body: Record<string, unknown>): string {
  const raw = [header, body.__type, body.code, body.Code].find((v) => typeof v === 'string' && v) as
    string | undefined;
  if (!raw) return 'UnknownError';
  return raw.split(':')[0]?.split('#').pop() || 'UnknownError';
}

function parseBody(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const retryable = (err: unknown): boolean =>
  (err instanceof NetworkError && !err.timedOut) ||
  (err instanceof AwsError && (err.statusCode >= 500 || err.statusCode === 429 || THROTTLING.has(err.name)));

/** Sends one signed request, retrying throttling, 5xx and network failures (3 attempts in all). */
export async function awsRequest(
  service: AwsService,
  req: {
    method: 'POST' | 'GET' | 'PUT' | 'DELETE';
    path: string;
    headers: Record<string, string>;
    body: string;
    /** False for the few public operations the SDK sends unsigned (Cognito's InitiateAuth). */
    signed?: boolean;
  },
): Promise<Record<string, unknown>> {
  const url = endpointUrl(service, req.path);
  for (let attempt = 1; ; attempt++) {
    try {
      // Signed per attempt: the signature carries the time.
      const headers =
        req.signed === false
          ? req.headers
          : sign({
              method: req.method,
              url,
              headers: req.headers,
              body: req.body,
              service: service.signingName,
              region: service.region,
              credentials: credentialsFor(service),
            });
      const res = await send({
        method: req.method,
        url,
        headers,
        body: req.body,
        timeoutMs: service.timeoutMs ?? TIMEOUT_MS,
      });
      const body = parseBody(res.body);
      if (res.status >= 200 && res.status < 300) return body;
      const message = [body.message, body.Message].find((m) => typeof m === 'string') as string | undefined;
      const requestId = res.headers['x-amzn-requestid'];
      throw new AwsError(
        errorCode(res.headers['x-amzn-errortype'], body),
        message ?? `AWS answered ${res.status}`,
        res.status,
        typeof requestId === 'string' ? requestId : undefined,
      );
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !retryable(err)) throw err;
      await sleep(backoff(attempt, 100, 20_000));
    }
  }
}

/** One operation of an awsJson service: `target` is "<prefix>.<Operation>", e.g. DynamoDB_20120810.GetItem. */
export function awsJson<T extends object>(
  service: AwsService,
  target: string,
  input: object,
  version: '1.0' | '1.1',
  options: { signed?: boolean } = {},
): Promise<T> {
  return awsRequest(service, {
    method: 'POST',
    path: '/',
    headers: { 'content-type': `application/x-amz-json-${version}`, 'x-amz-target': target },
    body: JSON.stringify(input),
    signed: options.signed,
  }) as Promise<T>;
}

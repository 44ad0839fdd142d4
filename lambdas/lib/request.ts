import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as z from 'zod/mini';
import { badRequest, ApiError } from './http';

// Reading a request: the raw body (API Gateway may base64-encode it), a JSON body checked against the
// endpoint's schema, and query parameters checked the same way. zod/mini keeps handler bundles small
// (about 15 KB); messages are written here rather than loading a zod locale, whose CommonJS build
// (the one Jest can load) would add hundreds of KB to every handler.

/** Bodies above this size are refused before parsing (the API's payloads are a few hundred bytes). */
export const MAX_BODY_BYTES = 16 * 1024;

type RequestParts = Pick<APIGatewayProxyEventV2, 'body' | 'isBase64Encoded' | 'queryStringParameters'>;

/** The body exactly as sent (signature checks need the original bytes). */
export function rawBody(event: RequestParts): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

function bodyTooLarge(event: RequestParts): boolean {
  if (!event.body) return false;
  // Base64 is 4/3 of the bytes; compare decoded size so the limit means the same either way.
  const size = event.isBase64Encoded
    ? Math.floor((event.body.length * 3) / 4)
    : Buffer.byteLength(event.body, 'utf8');
  return size > MAX_BODY_BYTES;
}

function message(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'too_small':
      return issue.origin === 'number' || issue.origin === 'int'
        ? `must be at least ${String(issue.minimum)}`
        : `must have at least ${String(issue.minimum)} ${issue.origin === 'array' ? 'items' : 'characters'}`;
    case 'too_big':
      return issue.origin === 'number' || issue.origin === 'int'
        ? `must be at most ${String(issue.maximum)}`
        : `must have at most ${String(issue.maximum)} ${issue.origin === 'array' ? 'items' : 'characters'}`;
    case 'unrecognized_keys':
      return `unknown ${issue.keys.length > 1 ? 'keys' : 'key'} ${issue.keys.map((k) => `"${k.slice(0, 40)}"`).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' ? 'has the wrong format' : `must be a valid ${issue.format}`;
    default:
      return 'is not valid';
  }
}

function describe(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const custom = issue.message && !/^Invalid input/.test(issue.message) ? issue.message : undefined;
      return `${issue.path.length ? issue.path.join('.') : 'request'}: ${custom ?? message(issue)}`;
    })
    .join('; ');
}

function parseWith<S extends z.ZodMiniType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success)
    throw badRequest('INVALID_REQUEST', `Invalid ${what}: ${describe(result.error.issues)}`);
  return result.data;
}

export function parseJsonBody<S extends z.ZodMiniType>(event: RequestParts, schema: S): z.output<S> {
  if (bodyTooLarge(event)) {
    throw new ApiError(400, 'BODY_TOO_LARGE', `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
  }
  const text = rawBody(event);
  if (!text.trim()) throw badRequest('MISSING_BODY', 'A JSON request body is required.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('MALFORMED_JSON', 'The request body is not valid JSON.');
  }
  return parseWith(schema, value, 'body');
}

export function parseQuery<S extends z.ZodMiniType>(
  event: Pick<APIGatewayProxyEventV2, 'queryStringParameters'>,
  schema: S,
): z.output<S> {
  return parseWith(schema, event.queryStringParameters ?? {}, 'query');
}

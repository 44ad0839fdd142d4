import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { sendJson as sendJsonAs } from '../http-helpers';

// What the AWS twins share: answering as AWS does (x-amzn-RequestId on
// every answer; errors named in x-amzn-ErrorType and in the body). The twins ignore the SigV4
// Authorization header: checking it is the IAM gate's job (dev/iam), in front of them.

/** An error the twin answers as AWS would: `type` is the error code the SDK turns into `name`. */
export class AwsTwinError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** The body as a JSON object; an empty body is {}. Anything else is a SerializationException. */
export function parseJsonObject(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AwsTwinError('SerializationException', 'Request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AwsTwinError('SerializationException', 'Request body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  contentType: string,
  headers: Record<string, string> = {},
): void {
  sendJsonAs(res, status, body, {
    'content-type': contentType,
    'x-amzn-requestid': randomUUID(),
    ...headers,
  });
}

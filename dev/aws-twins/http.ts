import { randomUUID } from 'node:crypto';
import type http from 'node:http';

// What the AWS twins share: reading a request body and answering as AWS does (x-amzn-RequestId on
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

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
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
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': String(Buffer.byteLength(text)),
    'x-amzn-requestid': randomUUID(),
    ...headers,
  });
  res.end(text);
}

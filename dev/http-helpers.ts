import type http from 'node:http';

// Reading a request body and answering JSON, for every local server in dev/ (the API server, the IAM
// gate, the Cognito proxy, the Lambda invoke endpoint, the AWS twins and the Stripe emulator).

/** Raised by readBodyBytes when a body exceeds its `maxBytes`; the body has been read to its end. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Request body over ${maxBytes} bytes`);
  }
}

/**
 * The whole request body. With `maxBytes`, a larger body is read to its end and discarded (so the client
 * sees the server's answer rather than a reset connection) and the promise rejects with
 * BodyTooLargeError.
 */
export async function readBodyBytes(req: http.IncomingMessage, maxBytes = Infinity): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = Number(req.headers['content-length'] ?? 0) > maxBytes ? Infinity : 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  if (size > maxBytes) throw new BodyTooLargeError(maxBytes);
  return Buffer.concat(chunks);
}

/** The whole request body as UTF-8 text. */
export async function readBody(req: http.IncomingMessage): Promise<string> {
  return (await readBodyBytes(req)).toString('utf8');
}

/** Answers `body` as JSON; `headers` may name another content-type (AWS's JSON protocols do). */
export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: http.OutgoingHttpHeaders = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

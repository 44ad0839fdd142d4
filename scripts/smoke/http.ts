import { fail } from './report';

// fetch with a time limit, answering status, headers and the body (parsed when it is JSON).

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
}

const TIMEOUT_MS = 20_000;

export async function request(url: string, init: RequestInit = {}): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'follow', ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return fail(
      `${init.method ?? 'GET'} ${url} did not answer (${err instanceof Error ? err.message : String(err)}${cause})`,
    );
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** The body as a JSON object, or a failure naming what came instead. */
export function objectOf(answer: Answer, what: string): Record<string, unknown> {
  if (typeof answer.json !== 'object' || answer.json === null || Array.isArray(answer.json)) {
    return fail(`${what} answered ${answer.status} with ${describeBody(answer)}, not a JSON object`);
  }
  return answer.json as Record<string, unknown>;
}

/** A short description of an answer's body for a FAIL line. */
export function describeBody(answer: Answer): string {
  const type = answer.headers.get('content-type') ?? 'no content type';
  const body = answer.text.replace(/\s+/g, ' ').trim();
  return body ? `${type} "${body.length > 160 ? `${body.slice(0, 160)}…` : body}"` : `${type}, empty body`;
}

/** The BFF's error code and message ({ error: { code, message } }, or API Gateway's { message }). */
export function apiError(answer: Answer): { code?: string; message?: string } {
  const body = answer.json as
    { error?: { code?: unknown; message?: unknown }; message?: unknown } | undefined;
  const code = body?.error?.code;
  const message = body?.error?.message ?? body?.message;
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : undefined,
  };
}

/** Fails unless the answer has the status; names the API's error code when there is one. */
export function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status === status) return;
  const { code, message } = apiError(answer);
  const said = [code, message && `"${message}"`].filter(Boolean).join(' ');
  fail(`${what} answered ${answer.status} ${said || `(${describeBody(answer)})`}, expected ${status}`);
}

import http from 'node:http';
import { isCognitoPublicOperation } from '../iam/operations';

// In AWS every Cognito operation but the public ones (sign-up, sign-in, a user's own token calls)
// needs a SigV4 signature and an IAM grant, whoever sends it and wherever from. cognito-local checks
// neither, and the proxy is the endpoint the site and the desktop application use; so an admin
// operation the proxy did not get from the stack's IAM gate is sent to the gate, exactly as it came
// (its signature covers the proxy's host), and the gate's answer is the caller's: a refusal in AWS's
// words, or the operation, forwarded back here marked as checked.

export interface AdminGateOptions {
  /** The IAM gate's URL (dev/iam/gate.ts), whose Cognito upstream is this proxy. */
  url: string;
  /** The header (and its secret value) the gate adds to the Cognito calls it has checked. */
  mark: { header: string; value: string };
}

/** Whether this call must pass the gate first: a non-public operation the gate has not checked. */
export function needsGate(
  req: http.IncomingMessage,
  target: string,
  gate: AdminGateOptions | undefined,
): boolean {
  if (!gate || isCognitoPublicOperation(target)) return false;
  return req.headers[gate.mark.header] !== gate.mark.value;
}

/** Sends the call to the gate as it came and answers with what the gate answers. */
export function forwardToGate(
  req: http.IncomingMessage,
  body: string,
  res: http.ServerResponse,
  gate: AdminGateOptions,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const target = new URL(req.url ?? '/', gate.url);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => name !== gate.mark.header),
    );
    const up = http.request(target, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.once('end', resolve);
      answer.once('error', reject);
    });
    up.once('error', reject);
    up.end(body);
  });
}

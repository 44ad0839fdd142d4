// Runs inside the cognito-local child (cognito-local-main.ts), before its server starts: its API
// answers only calls that carry the stack's secret (COGNITO_LOCAL_SECRET), which only the Cognito proxy
// adds (upstream.ts). cognito-local checks no signature, so without this anyone on the machine could
// call AdminCreateUser or AdminSetUserPassword on its port, around the proxy and the IAM gate. A call
// without the secret is refused as Cognito refuses an unsigned or unknown-key one: 400 with
// MissingAuthenticationTokenException or UnrecognizedClientException. Its GETs (health, the pool's
// public JWKS) stay open, as Cognito's JWKS is.
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { UPSTREAM_SECRET_HEADER } from './upstream-secret';
import { keepIdleConnections } from '../listen';

const secret = process.env.COGNITO_LOCAL_SECRET ?? '';
if (!secret) throw new Error('COGNITO_LOCAL_SECRET is not set: cognito-local would answer anyone');

const carriesSecret = (req: http.IncomingMessage): boolean => {
  const given = req.headers[UPSTREAM_SECRET_HEADER];
  return (
    typeof given === 'string' &&
    given.length === secret.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(secret))
  );
};

function refuse(req: http.IncomingMessage, res: http.ServerResponse): void {
  const [type, message] = req.headers.authorization
    ? ['UnrecognizedClientException', 'The security token included in the request is invalid.']
    : ['MissingAuthenticationTokenException', 'Request is missing Authentication Token'];
  const body = JSON.stringify({ __type: type, message });
  res.writeHead(400, {
    'content-type': 'application/x-amz-json-1.1',
    'content-length': String(Buffer.byteLength(body)),
    'x-amzn-errortype': type,
  });
  res.end(body);
}

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const createServer = http.createServer.bind(http) as (listener: Listener) => http.Server;
// cognito-local makes its server with http.createServer(app): the app is wrapped with the check.
(http as { createServer: unknown }).createServer = (app: Listener) => {
  const server = createServer((req, res) => {
    if (req.method === 'GET' || carriesSecret(req)) app(req, res);
    else refuse(req, res);
  });
  keepIdleConnections(server);
  return server;
};

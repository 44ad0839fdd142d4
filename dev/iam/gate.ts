import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { readBodyBytes } from '../http-helpers';
import { listen } from '../listen';
import {
  awsJsonOperation,
  GATED_SERVICES,
  secretResolver,
  sesOperation,
  unsignedServiceOf,
  WIRE,
  type GatedService,
  type Operation,
} from './operations';
import { isAllowed, LOCAL_ACCOUNT, LOCAL_REGION, type Principal } from './policy';
import { expectedSignature, parseAmzDate, parseAuthorization, sameSignature } from './sigv4';

// The local stack's IAM: one listener in front of every local AWS service the handlers call. Each
// request's SigV4 signature is checked against the secret key of the access key it names, the caller
// identified (a handler, or the stack's admin), the IAM action and resources derived from the request,
// and the caller's statements (the ones CDK gives that handler's role) evaluated. A request AWS would
// refuse is refused here with AWS's error, in the service's wire format; any other is forwarded
// unchanged to the emulator and its answer streamed back.

/** AWS's tolerance between the signature's time and its own clock. */
const MAX_SKEW_MS = 15 * 60_000;

/**
 * Test-only throttling (IamGate.throttle): the next `times` signed DynamoDB calls that match, after
 * `skip` matching ones let through, are answered ProvisionedThroughputExceededException (HTTP 400, as a
 * throttled table answers; the AWS SDK retries it). The counters count down as calls match.
 */
export interface ThrottleRule {
  /** The caller: a handler's name (as in IamDecision.principal); any when absent. */
  principal?: string;
  /** DynamoDB operations (PutItem, UpdateItem, ...); any when absent. */
  operations?: readonly string[];
  /** A string the request body must contain (a key, a uid). */
  bodyIncludes?: string;
  skip?: number;
  times: number;
}

/** One IAM decision: a check of one action on one resource for a signed call. */
export interface IamDecision {
  /** "admin" or the handler's name. */
  principal: string;
  service: GatedService;
  operation: string;
  action: string;
  resource: string;
  allowed: boolean;
}

export interface IamGateOptions {
  port: number;
  /** Base URL of the emulator serving each service; a service without one answers 503. */
  upstreams?: Partial<Record<GatedService, string>>;
  principals?: readonly Principal[];
  /** Full ARNs of the secrets that exist, so a SecretId given as a name maps to the ARN IAM checks. */
  secretArns?: () => readonly string[];
  /** Where denied calls are reported (default console.warn). */
  log?: (line: string) => void;
  /** SES's sandbox: SendEmail is also checked on each recipient's identity (operations.ts). */
  sesSandbox?: boolean;
  /**
   * Added to every Cognito call the gate forwards (and removed from every call it receives), so the
   * Cognito endpoint knows which admin operations were checked (dev/cognito/admin-gate.ts).
   */
  cognitoMark?: { header: string; value: string };
}

export interface IamGate {
  url: string;
  port: number;
  setPrincipals(principals: readonly Principal[]): void;
  /** Who the gate knows, with the statements it evaluates for each. */
  principals(): readonly Principal[];
  setUpstream(service: GatedService, url: string | undefined): void;
  /** Calls `listener` with every decision from now on; returns the function that stops it. */
  onDecision(listener: (d: IamDecision) => void): () => void;
  /** Test-only: throttles matching DynamoDB calls (ThrottleRule); answers the live rule. */
  throttle(rule: ThrottleRule): ThrottleRule;
  clearThrottles(): void;
  stop(): Promise<void>;
}

class AwsError extends Error {
  constructor(
    readonly type: string,
    message: string,
    /** HTTP status for awsJson services (restJson services answer 403 for every auth error). */
    readonly status = 400,
  ) {
    super(message);
  }
}

const errors = {
  missingToken: (service: GatedService) =>
    new AwsError(
      'MissingAuthenticationTokenException',
      WIRE[service] === 'restJson'
        ? 'Missing Authentication Token'
        : 'Request is missing Authentication Token',
    ),
  incomplete: () =>
    new AwsError(
      'IncompleteSignatureException',
      "Authorization header requires 'Credential', 'SignedHeaders' and 'Signature' parameters.",
    ),
  unknownKey: () =>
    new AwsError('UnrecognizedClientException', 'The security token included in the request is invalid.'),
  badSignature: (detail?: string) =>
    new AwsError(
      'InvalidSignatureException',
      detail ??
        'The request signature we calculated does not match the signature you provided. Check your AWS ' +
          'Secret Access Key and signing method. Consult the service documentation for details.',
    ),
  unknownOperation: () => new AwsError('UnknownOperationException', 'Unknown operation'),
  denied: (principal: Principal, action: string, resource: string) =>
    new AwsError(
      'AccessDeniedException',
      `User: ${principal.arn} is not authorized to perform: ${action} on resource: ${resource} ` +
        `because no identity-based policy allows the ${action} action`,
    ),
};

const header = (req: http.IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
};

/** An error as the service answers it: awsJson 400 {__type, message}; restJson 403 {message}. */
function sendError(res: http.ServerResponse, service: GatedService | undefined, error: AwsError): void {
  const rest = service !== undefined && WIRE[service] === 'restJson';
  const body = JSON.stringify(
    rest ? { message: error.message } : { __type: error.type, message: error.message },
  );
  res.writeHead(rest ? 403 : error.status, {
    'content-type': rest ? 'application/json' : 'application/x-amz-json-1.1',
    'content-length': String(Buffer.byteLength(body)),
    'x-amzn-errortype': error.type,
    'x-amzn-requestid': randomUUID(),
  });
  res.end(body);
}

export async function startIamGate(opts: IamGateOptions): Promise<IamGate> {
  const scope = { region: LOCAL_REGION, account: LOCAL_ACCOUNT };
  const upstreams = new Map<GatedService, string>(
    Object.entries(opts.upstreams ?? {}).filter((e): e is [GatedService, string] => Boolean(e[1])),
  );
  let byKey = new Map<string, Principal>();
  const setPrincipals = (principals: readonly Principal[]) => {
    byKey = new Map(principals.map((p) => [p.credentials.accessKeyId, p]));
  };
  setPrincipals(opts.principals ?? []);
  const listeners = new Set<(d: IamDecision) => void>();
  const log = opts.log ?? ((line: string) => console.warn(line));
  const resolveSecret = secretResolver(scope, opts.secretArns ?? (() => []));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let throttles: ThrottleRule[] = [];

  /** Whether this allowed call is to be answered as throttled (counts it against its rule). */
  function throttled(principal: string, service: GatedService, operation: string, body: Buffer): boolean {
    if (service !== 'dynamodb') return false;
    const rule = throttles.find(
      (r) =>
        r.times > 0 &&
        (!r.principal || r.principal === principal) &&
        (!r.operations || r.operations.includes(operation)) &&
        (!r.bodyIncludes || body.includes(r.bodyIncludes)),
    );
    if (!rule) return false;
    if (rule.skip) {
      rule.skip--;
      return false;
    }
    rule.times--;
    return true;
  }

  /** Who signed the request, once the signature and its scope check out. */
  async function authenticate(
    req: http.IncomingMessage,
    body: Buffer,
  ): Promise<{ principal: Principal; service: GatedService }> {
    const auth = parseAuthorization(header(req, 'authorization'));
    if (!auth) throw errors.incomplete();
    const service = auth.service as GatedService;
    const principal = byKey.get(auth.accessKeyId);
    if (!principal) throw errors.unknownKey();
    const token = header(req, 'x-amz-security-token');
    if (token !== principal.credentials.sessionToken) throw errors.unknownKey();
    if (auth.region !== scope.region) {
      throw errors.badSignature(`Credential should be scoped to a valid region, not '${auth.region}'.`);
    }
    const signedAt = parseAmzDate(header(req, 'x-amz-date'));
    if (!signedAt || !auth.signedHeaders.includes('x-amz-date')) throw errors.badSignature();
    if (Math.abs(Date.now() - signedAt.getTime()) > MAX_SKEW_MS) {
      throw errors.badSignature(
        `Signature expired: ${header(req, 'x-amz-date')} is now earlier than allowed.`,
      );
    }
    if (header(req, 'x-amz-date')?.slice(0, 8) !== auth.date) throw errors.badSignature();
    const expected = await expectedSignature(
      { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body },
      auth,
      principal.credentials,
      signedAt,
    );
    if (!sameSignature(expected, auth.signature)) throw errors.badSignature();
    return { principal, service };
  }

  function operationOf(service: GatedService, req: http.IncomingMessage, body: Buffer): Operation {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (WIRE[service] === 'restJson') {
      return sesOperation(scope, req.method ?? 'GET', path, body, opts.sesSandbox ?? false);
    }
    const op = awsJsonOperation(scope, service, header(req, 'x-amz-target'), body, resolveSecret);
    if (!op) throw errors.unknownOperation();
    return op;
  }

  function forward(service: GatedService, req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const base = upstreams.get(service);
    if (!base) {
      sendError(
        res,
        service,
        new AwsError('ServiceUnavailableException', `No local ${service} service`, 503),
      );
      return;
    }
    const target = new URL(req.url ?? '/', base);
    const mark = opts.cognitoMark;
    const headers: http.OutgoingHttpHeaders = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => name !== mark?.header),
    );
    headers.host = target.host;
    if (mark && service === 'cognito-idp') headers[mark.header] = mark.value;
    const up = http.request(target, { method: req.method, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    up.on('error', (error) => {
      if (res.headersSent) res.destroy(error);
      else
        sendError(res, service, new AwsError('InternalFailure', `local ${service}: ${error.message}`, 500));
    });
    up.end(body);
  }

  async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = await readBodyBytes(req);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    let service = unsignedServiceOf(header(req, 'x-amz-target'), path);
    try {
      if (!header(req, 'authorization')) {
        // Unsigned: only Cognito's public operations, as AWS serves them.
        if (!service)
          throw new AwsError('MissingAuthenticationTokenException', 'Missing Authentication Token', 403);
        const op = operationOf(service, req, body);
        if (!op.public) throw errors.missingToken(service);
        forward(service, req, res, body);
        return;
      }
      const auth = parseAuthorization(header(req, 'authorization'));
      if (auth && (GATED_SERVICES as readonly string[]).includes(auth.service))
        service = auth.service as GatedService;
      else if (auth) {
        throw errors.badSignature(`Credential should be scoped to correct service: '${auth.service}'.`);
      }
      const who = await authenticate(req, body);
      const op = operationOf(who.service, req, body);
      if (!op.public) {
        for (const { action, resource } of op.checks) {
          const allowed = isAllowed(who.principal, action, resource);
          const decision = {
            principal: who.principal.name,
            service: who.service,
            operation: op.name,
            action,
            resource,
            allowed,
          };
          for (const listener of listeners) listener(decision);
          if (!allowed) {
            log(`[iam] denied ${who.principal.name}: ${action} on ${resource}`);
            throw errors.denied(who.principal, action, resource);
          }
        }
      }
      if (throttled(who.principal.name, who.service, op.name, body)) {
        throw new AwsError(
          'ProvisionedThroughputExceededException',
          'The level of configured provisioned throughput for the table was exceeded. Consider increasing ' +
            'your provisioning level with the UpdateTable API.',
        );
      }
      forward(who.service, req, res, body);
    } catch (error) {
      if (!(error instanceof AwsError)) throw error;
      sendError(res, service, error);
    }
  }

  const server = http.createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      console.error('[iam]', error);
      if (!res.headersSent) sendError(res, undefined, new AwsError('InternalFailure', String(error), 500));
      else res.destroy();
    });
  });
  const listening = await listen(server, opts.port);
  return {
    url: listening.url,
    port: listening.port,
    setPrincipals,
    principals: () => [...byKey.values()],
    setUpstream: (service, url) => (url ? upstreams.set(service, url) : upstreams.delete(service)),
    onDecision: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    throttle: (rule) => {
      const live = { ...rule };
      throttles.push(live);
      return live;
    },
    clearThrottles: () => {
      throttles = [];
    },
    stop: async () => {
      agent.destroy();
      await listening.stop();
    },
  };
}

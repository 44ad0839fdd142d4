import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import type { Mail } from '../lambdas/lib/mail';
import { withMessage } from '../lambdas/triggers/custom-message';
import { contextFields, workerInvokers, type LogSink } from './lambda-workers';
import { localSesClient } from './aws-twins/clients';
import type { CognitoMessageHookBody } from './cognito/cognito-local-main';
import type { Credentials } from './iam/policy';
import { refuseSignature, type SignatureRefusal } from './iam/sigv4';
import { readBodyBytes, sendJson } from './http-helpers';
import { listen } from './listen';
import { inFlight } from './in-flight';

// A local stand-in for the Lambda Invoke HTTP API (POST /2015-03-31/functions/{name}/invocations) so
// cognito-local runs the project's own trigger handlers, plus the hook that files Cognito's emails
// (with the code in every {####}, as Cognito sends them) in the outbox. As Lambda's endpoint, it runs
// only a call signed (SigV4) with keys it accepts: its own, which the stack's Cognito signs with, and
// the callers given (the stack's admin); the hook's path holds a secret only cognito-local is given.

/** Marker the Cognito proxy puts in ClientMetadata to send a ResendCode message through ForgotPassword. */
export const RESEND_MARKER = 'local:resendConfirmationCode';
/**
 * Marker (value: the new email) the proxy adds to AdminUpdateUserAttributes: cognito-local addresses
 * that verification message to the previous email; Cognito sends it to the new one.
 */
export const NEW_EMAIL_MARKER = 'local:newEmail';

type Handler = (event: unknown) => Promise<unknown>;
type HandlerModule = { handler: Handler };

/** Function names cognito-local is configured with (see local-stack.ts) and where their code lives. */
export const TRIGGER_FUNCTIONS: Record<string, string> = {
  'custom-message': path.join(__dirname, '..', 'lambdas', 'triggers', 'custom-message.ts'),
  'post-confirmation': path.join(__dirname, '..', 'lambdas', 'triggers', 'post-confirmation.ts'),
  'pre-sign-up': path.join(__dirname, '..', 'lambdas', 'triggers', 'pre-sign-up.ts'),
  'pre-authentication': path.join(__dirname, '..', 'lambdas', 'triggers', 'pre-authentication.ts'),
  'pre-token-generation': path.join(__dirname, '..', 'lambdas', 'triggers', 'pre-token-generation.ts'),
  'security-events': path.join(__dirname, '..', 'lambdas', 'triggers', 'security-events.ts'),
};

/**
 * cognito-local writes email_verified wrong in its ID tokens (dev/cognito/token-claims.ts): its fix is
 * applied to the answer of the product's PreTokenGeneration trigger, as if that trigger had made it.
 */
const LOCAL_TOKEN_FIX: Record<string, string> = {
  'pre-token-generation': path.join(__dirname, 'cognito', 'token-claims.ts'),
};

/**
 * Without a stack (dev/cognito's own tests: no table, no IAM gate), the product triggers that keep
 * their state in the table run as their table-free part: messages are made but not counted, sign-in
 * starts are not recorded, tokens are not held back.
 */
const WITHOUT_STACK: Record<string, Handler> = {
  'custom-message': async (event) => withMessage(event as CustomMessageTriggerEvent),
  'pre-authentication': async (event) => event,
  'pre-token-generation': async (event) => event,
};

/** Where the Cognito triggers that call AWS are (bundled as CDK bundles them, by file name). */
export const TRIGGERS_DIR = path.join(__dirname, '..', 'lambdas', 'triggers');

export interface LambdaInvokeOptions {
  port: number;
  functions?: Record<string, string>;
  /**
   * Functions that run as deployed: the bundle of <dir>/<name>.ts in a worker of its own, with `env`
   * (read when it starts) and its own AWS keys, so the stack's IAM gate holds it to its CDK grants
   * (cdk/lib/handler-permissions.ts, TRIGGER_PERMISSIONS).
   */
  isolated?: {
    names: readonly string[];
    dir: string;
    env: Record<string, string>;
    credentials: (name: string) => Credentials;
  };
  /** Each log line of an isolated function, as Lambda's runtime writes it (default: this console). */
  logSink?: LogSink;
  /** Where Cognito's emails go (the stack: sesSender, as Cognito mails through SES in production). */
  deliver: (mail: Mail) => Promise<void>;
  /** Keys besides its own whose signed invocations it runs (the stack's admin: tests playing EventBridge). */
  callers?: readonly Credentials[];
}

export interface LambdaInvokeServer {
  url: string;
  port: number;
  /** URL cognito-local POSTs each email to (its path holds the secret that lets it in). */
  messageHookUrl: string;
  /** The keys Cognito (cognito-local and the proxy) signs its invocations with. */
  cognitoCredentials: Credentials;
  stop(): Promise<void>;
}

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;
const HOOK_PATH = '/local/cognito-messages/';

/** Lambda's answers to an unsigned or badly signed call: 403 for each (Lambda API, "Common Errors"). */
const REFUSALS: Record<SignatureRefusal, string> = {
  MissingAuthenticationTokenException: 'Missing Authentication Token',
  IncompleteSignatureException:
    "Authorization header requires 'Credential', 'SignedHeaders' and 'Signature' parameters.",
  UnrecognizedClientException: 'The security token included in the request is invalid.',
  InvalidSignatureException:
    'The request signature we calculated does not match the signature you provided. Check your AWS ' +
    'Secret Access Key and signing method. Consult the service documentation for details.',
};

const sameSecret = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Sends Cognito's emails through the SES twin from `from`, as a pool configured with an SES identity
 * does in production (docs/deploying.md, `sesIdentity`), so they reach the outbox like every other mail.
 */
export function sesSender(sesEndpoint: string, from: string): (mail: Mail) => Promise<void> {
  const ses = localSesClient(sesEndpoint);
  return async (mail) => {
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [mail.to] },
        Content: {
          Simple: {
            Subject: { Data: mail.subject },
            Body: { Text: { Data: mail.text }, Html: { Data: mail.html } },
          },
        },
      }),
    );
  };
}

export async function startLambdaInvoke(opts: LambdaInvokeOptions): Promise<LambdaInvokeServer> {
  const functions = opts.functions ?? TRIGGER_FUNCTIONS;
  const { deliver, isolated } = opts;
  const cognitoCredentials: Credentials = {
    accessKeyId: `AKIA${randomBytes(8).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(30).toString('base64'),
  };
  const accepted = [cognitoCredentials, ...(opts.callers ?? [])];
  const hookSecret = randomBytes(16).toString('hex');
  const workers = isolated && workerInvokers(isolated.dir, isolated.env, isolated.credentials, opts.logSink);
  const invoke = async (name: string, event: TriggerEvent): Promise<unknown> => {
    if (workers && isolated?.names.includes(name)) {
      return workers.invoke(name, event, contextFields(name, Date.now()));
    }
    const tableFree = WITHOUT_STACK[name];
    if (!workers && tableFree) return tableFree(event);
    const file = functions[name];
    if (!file) return undefined;
    const { handler } = await load(file);
    return handler(event);
  };
  const run = async (name: string, event: TriggerEvent): Promise<unknown> => {
    const answer = await invoke(name, event);
    const fix = LOCAL_TOKEN_FIX[name];
    return fix ? (await load(fix)).handler(answer ?? event) : answer;
  };
  const known = (name: string) => Boolean(functions[name]) || Boolean(isolated?.names.includes(name));
  const modules = new Map<string, Promise<HandlerModule>>();
  /** username -> address the next email for that user really goes to (see NEW_EMAIL_MARKER). */
  const recipients = new Map<string, string>();
  const load = (file: string) => {
    let mod = modules.get(file);
    if (!mod) {
      mod = import(file) as Promise<HandlerModule>;
      modules.set(file, mod);
    }
    return mod;
  };

  // A function still running when the stack stops finishes first, as the tables it writes to stop after.
  const invocations = inFlight();
  const server = http.createServer((req, res) => {
    void invocations.track(
      (async () => {
        const raw = await readBodyBytes(req);
        const body = raw.toString('utf8');
        const url = new URL(req.url ?? '/', 'http://local');
        if (req.method === 'POST' && url.pathname.startsWith(HOOK_PATH)) {
          if (!sameSecret(url.pathname.slice(HOOK_PATH.length), hookSecret)) {
            return sendJson(
              res,
              403,
              { message: REFUSALS.MissingAuthenticationTokenException },
              { 'x-amzn-errortype': 'MissingAuthenticationTokenException' },
            );
          }
          const message = JSON.parse(body) as CognitoMessageHookBody;
          const recipient = recipients.get(message.username);
          recipients.delete(message.username);
          await deliver(cognitoMail(recipient ? { ...message, destination: recipient } : message));
          return sendJson(res, 200, {});
        }
        const match = INVOKE_PATH.exec(url.pathname);
        if (req.method !== 'POST' || !match?.[1]) return sendJson(res, 404, { message: 'Not Found' });
        const refusal = await refuseSignature(
          { method: req.method, url: req.url ?? '/', headers: req.headers, body: raw },
          accepted,
        );
        if (refusal) {
          return sendJson(res, 403, { message: REFUSALS[refusal] }, { 'x-amzn-errortype': refusal });
        }
        const name = decodeURIComponent(match[1]);
        if (!known(name)) {
          return sendJson(
            res,
            404,
            { Type: 'User', message: `Function not found: ${name}` },
            {
              'x-amzn-errortype': 'ResourceNotFoundException',
            },
          );
        }
        try {
          const result = await run(name, prepareEvent(JSON.parse(body) as TriggerEvent, recipients));
          sendJson(res, 200, result ?? null, { 'x-amz-executed-version': '$LATEST' });
        } catch (error) {
          // What Lambda answers for a function that threw: 200 with X-Amz-Function-Error.
          const err = error instanceof Error ? error : new Error(String(error));
          console.error(`[lambda] ${name} failed:`, err);
          sendJson(
            res,
            200,
            { errorType: err.name, errorMessage: err.message },
            { 'x-amz-function-error': 'Unhandled' },
          );
        }
      })().catch((error: unknown) => {
        console.error('[lambda] request failed:', error);
        if (!res.headersSent) sendJson(res, 500, { message: String(error) });
      }),
    );
  });
  const running = await listen(server, opts.port);
  return {
    ...running,
    messageHookUrl: `${running.url}${HOOK_PATH}${hookSecret}`,
    cognitoCredentials,
    stop: async () => {
      await invocations.idle();
      await running.stop();
      await workers?.close();
    },
  };
}

interface TriggerEvent {
  triggerSource?: string;
  userName?: string;
  request?: { clientMetadata?: Record<string, string>; userAttributes?: Record<string, string> };
}

/** Undo the proxy's markers so the handler sees the event Cognito would send. */
function prepareEvent(event: TriggerEvent, recipients: Map<string, string>): TriggerEvent {
  const metadata = event.request?.clientMetadata;
  if (!event.request || !metadata) return event;
  const { [RESEND_MARKER]: resend, [NEW_EMAIL_MARKER]: newEmail, ...rest } = metadata;
  event.request.clientMetadata = Object.keys(rest).length ? rest : undefined;
  if (resend && event.triggerSource === 'CustomMessage_ForgotPassword') {
    event.triggerSource = 'CustomMessage_ResendCode';
  }
  if (newEmail && event.triggerSource === 'CustomMessage_UpdateUserAttribute') {
    event.request.userAttributes = {
      ...event.request.userAttributes,
      email: newEmail,
      email_verified: 'false',
    };
    if (event.userName) recipients.set(event.userName, newEmail);
  }
  return event;
}

/** The email Cognito would send: every {####} replaced by the code (cognito-local replaces only the first). */
export function cognitoMail(m: CognitoMessageHookBody): Mail {
  const fill = (s: string) => (m.code === undefined ? s : s.split('{####}').join(m.code));
  const html = fill(m.emailMessage ?? `Your code is ${m.code ?? ''}`);
  return {
    to: m.destination,
    subject: m.emailSubject ?? 'Your verification code',
    html,
    text: htmlToText(html),
  };
}

function htmlToText(html: string): string {
  return html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/gi, (_all, href: string, label: string) =>
      label === href ? href : `${label} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

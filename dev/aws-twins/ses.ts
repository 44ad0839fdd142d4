import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { listen } from '../listen';
import type { OutboxMessage } from '../outbox';
import { readBody } from '../http-helpers';
import { AwsTwinError, parseJsonObject, sendJson } from './http';

// A local twin of Amazon SES v2 (restJson, what @aws-sdk/client-sesv2 speaks) for the calls the
// product makes: SendEmail with Simple content (POST /v2/email/outbound-emails), validated as SES
// does, and GetEmailIdentity (GET /v2/email/identities/{identity}) for health checks. Every accepted
// email is written to the outbox directory as an OutboxMessage, which dev/outbox.ts shows.
// The sender must be a verified identity of the twin (an address, or a domain covering all its
// addresses). Out of the sandbox (production access) recipients are not checked; in `sandbox` mode, as in
// a new SES account, every recipient must be a verified identity too, or SendEmail answers MessageRejected
// ("Email address is not verified. The following identities failed the check in region ...").

export interface SesTwinOptions {
  port: number;
  /** Directory every accepted message is written to as <id>.json. */
  outboxDir: string;
  /** Verified identities: domains ("stockbench.app") and/or addresses ("me@example.com"). */
  verifiedIdentities: string[];
  /** Named in MessageRejected's message, as SES does; default us-east-1. */
  region?: string;
  /** SES's sandbox: recipients must be verified identities too (default false: production access). */
  sandbox?: boolean;
}

export interface SesTwin {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const SEND_PATH = '/v2/email/outbound-emails';
/**
 * Test hook (not SES): POST {to, failing} makes every SendEmail to `to` fail with SES's 500
 * InternalFailure until it is called again with failing false, so tests can show that a mail that
 * could not be sent is sent on the retry.
 */
const FAULTS_PATH = '/_twin/faults';
const IDENTITY_PATH = /^\/v2\/email\/identities\/([^/]+)$/;
/** SES's limit on To + Cc + Bcc per message. */
const MAX_RECIPIENTS = 50;

type Json = Record<string, unknown>;

const badRequest = (message: string) => new AwsTwinError('BadRequestException', message);

/** The bare address of "Name <a@b>" or "a@b"; undefined when it is not an address. */
function emailAddressOf(value: string): string | undefined {
  const trimmed = value.trim();
  const bracketed = /^[^<>]*<([^<>]+)>$/.exec(trimmed);
  const address = (bracketed ? bracketed[1] : trimmed)?.trim() ?? '';
  return /^[^\s@<>",;]+@[^\s@<>",;]+$/.test(address) ? address : undefined;
}

function stringList(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw badRequest(`${field} must be a list of strings`);
  }
  return value as string[];
}

/** Content.Simple's Subject/Body part `{ Data, Charset }`, or undefined when absent. */
function contentData(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  const data = (value as Json).Data;
  if (typeof value !== 'object' || typeof data !== 'string') throw badRequest(`${field}.Data is required`);
  return data;
}

interface ParsedEmail {
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
}

/** SendEmail's request, checked as SES checks it (throws BadRequestException/MessageRejected). */
function parseSendEmail(
  body: Json,
  verified: (address: string) => boolean,
  region: string,
  sandbox: boolean,
): ParsedEmail {
  const content = body.Content as Json | undefined;
  if (!content || typeof content !== 'object') throw badRequest('Missing required parameter: Content');
  if (content.Raw !== undefined || content.Template !== undefined) {
    throw badRequest('The local SES twin supports Simple content only (not Raw or Template)');
  }
  const simple = content.Simple as Json | undefined;
  if (!simple || typeof simple !== 'object') throw badRequest('Content must contain Simple, Raw or Template');
  const subject = contentData(simple.Subject, 'Content.Simple.Subject');
  if (subject === undefined) throw badRequest('Missing required parameter: Content.Simple.Subject');
  const bodyPart = simple.Body as Json | undefined;
  const text = contentData(bodyPart?.Text, 'Content.Simple.Body.Text');
  const html = contentData(bodyPart?.Html, 'Content.Simple.Body.Html');
  if (text === undefined && html === undefined) {
    throw badRequest('Missing required parameter: Content.Simple.Body (Text or Html)');
  }

  const from = body.FromEmailAddress;
  if (typeof from !== 'string' || !from.trim())
    throw badRequest('Missing required parameter: FromEmailAddress');
  const destination = body.Destination as Json | undefined;
  if (!destination || typeof destination !== 'object') {
    throw badRequest('Missing required parameter: Destination');
  }
  const to = stringList(destination.ToAddresses, 'Destination.ToAddresses');
  const cc = stringList(destination.CcAddresses, 'Destination.CcAddresses');
  const bcc = stringList(destination.BccAddresses, 'Destination.BccAddresses');
  const replyTo = stringList(body.ReplyToAddresses, 'ReplyToAddresses');
  const recipients = [...to, ...cc, ...bcc];
  if (recipients.length === 0) throw badRequest('Destination must contain at least one recipient');
  if (recipients.length > MAX_RECIPIENTS) throw badRequest(`Recipient count exceeds ${MAX_RECIPIENTS}.`);
  for (const address of [from, ...recipients, ...replyTo]) {
    if (!emailAddressOf(address)) throw badRequest(`Illegal address: ${address}`);
  }
  if (!verified(emailAddressOf(from) ?? '')) {
    throw new AwsTwinError(
      'MessageRejected',
      `Email address is not verified. The following identities failed the check in region ${region.toUpperCase()}: ${from}`,
    );
  }
  const unverified = sandbox ? recipients.filter((r) => !verified(emailAddressOf(r) ?? '')) : [];
  if (unverified.length) {
    throw new AwsTwinError(
      'MessageRejected',
      `Email address is not verified. The following identities failed the check in region ${region.toUpperCase()}: ${unverified.join(', ')}`,
    );
  }
  return { from, to, cc, bcc, replyTo, subject, text: text ?? '', html: html ?? '' };
}

/** SES message ids look like 0100018f...-<uuid>-000000. */
const messageId = () => `0100${Date.now().toString(16).padStart(12, '0')}-${randomUUID()}-000000`;

export async function startSesTwin(opts: SesTwinOptions): Promise<SesTwin> {
  const region = opts.region ?? 'us-east-1';
  const identities = new Set(opts.verifiedIdentities.map((i) => i.trim().toLowerCase()));
  const verified = (address: string): boolean => {
    const lower = address.toLowerCase();
    return identities.has(lower) || identities.has(lower.split('@')[1] ?? '');
  };
  await mkdir(opts.outboxDir, { recursive: true });
  const failing = new Set<string>();

  async function store(email: ParsedEmail, id: string): Promise<void> {
    const date = new Date().toISOString();
    // Time first so a directory listing sorts by sending time; the random part avoids collisions.
    const fileId = `${date.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
    const message: OutboxMessage = {
      id: fileId,
      from: email.from,
      to: email.to.join(', '),
      subject: email.subject,
      text: email.text,
      html: email.html,
      date,
      messageId: id,
      ...(email.cc.length ? { cc: email.cc } : {}),
      ...(email.bcc.length ? { bcc: email.bcc } : {}),
      ...(email.replyTo.length ? { replyTo: email.replyTo } : {}),
    };
    // Written aside and renamed, so a reader of the outbox never sees half a file.
    const file = path.join(opts.outboxDir, `${fileId}.json`);
    await writeFile(`${file}.tmp`, JSON.stringify(message, null, 2));
    await rename(`${file}.tmp`, file);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const body = parseJsonObject(await readBody(req));
    if (req.method === 'POST' && url.pathname === FAULTS_PATH) {
      const to = typeof body.to === 'string' ? body.to.toLowerCase() : '';
      if (body.failing === true) failing.add(to);
      else failing.delete(to);
      return sendJson(res, 200, { failing: [...failing] }, 'application/json');
    }
    if (req.method === 'POST' && url.pathname === SEND_PATH) {
      const email = parseSendEmail(body, verified, region, opts.sandbox ?? false);
      if (email.to.some((to) => failing.has(emailAddressOf(to)?.toLowerCase() ?? ''))) {
        throw new AwsTwinError(
          'InternalFailure',
          'The request processing has failed (a fault set by a test).',
          500,
        );
      }
      const id = messageId();
      await store(email, id);
      return sendJson(res, 200, { MessageId: id }, 'application/json');
    }
    const identity = IDENTITY_PATH.exec(url.pathname);
    if (req.method === 'GET' && identity?.[1]) {
      const name = decodeURIComponent(identity[1]);
      if (!identities.has(name.toLowerCase())) {
        throw new AwsTwinError('NotFoundException', `Email identity ${name} does not exist.`, 404);
      }
      return sendJson(
        res,
        200,
        {
          IdentityType: name.includes('@') ? 'EMAIL_ADDRESS' : 'DOMAIN',
          FeedbackForwardingStatus: true,
          VerifiedForSendingStatus: true,
          VerificationStatus: 'SUCCESS',
          Policies: {},
          Tags: [],
        },
        'application/json',
      );
    }
    throw new AwsTwinError(
      'UnknownOperationException',
      `The local SES twin does not implement ${req.method ?? ''} ${url.pathname}`,
    );
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const known =
        error instanceof AwsTwinError ? error : new AwsTwinError('InternalFailure', String(error), 500);
      if (!(error instanceof AwsTwinError)) console.error('[ses]', error);
      if (res.headersSent) return void res.end();
      // restJson: the code in x-amzn-ErrorType, the message in the body.
      sendJson(res, known.status, { message: known.message }, 'application/json', {
        'x-amzn-errortype': known.type,
      });
    });
  });
  return listen(server, opts.port);
}

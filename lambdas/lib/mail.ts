import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SendEmailRequest } from '@aws-sdk/client-sesv2';
import { awsRequest } from './aws/client';

// Every email the product sends goes through sendMail. Production sends with SES; the local stack
// writes JSON files to an outbox directory that dev/outbox.ts shows in a browser.

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What the outbox keeps for each message (also the shape of dev/outbox.ts's messages.json). */
export interface OutboxMessage extends Mail {
  id: string;
  from: string;
  /** ISO 8601 time of sending. */
  date: string;
}

const mailFrom = (): string => process.env.MAIL_FROM || 'Stockbench <no-reply@stockbench.app>';

export async function sendMail(mail: Mail): Promise<void> {
  const transport = process.env.MAIL_TRANSPORT || 'ses';
  if (transport === 'outbox') return writeToOutbox(mail);
  if (transport === 'ses') return sendWithSes(mail);
  throw new Error(`Unknown MAIL_TRANSPORT "${transport}" (expected "ses" or "outbox")`);
}

async function writeToOutbox(mail: Mail): Promise<void> {
  const dir = process.env.OUTBOX_DIR;
  if (!dir) throw new Error('MAIL_TRANSPORT=outbox needs OUTBOX_DIR');
  const date = new Date().toISOString();
  // Time first so a directory listing sorts by sending time; the random part avoids collisions.
  const id = `${date.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
  const message: OutboxMessage = { id, from: mailFrom(), date, ...mail };
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${id}.json`), JSON.stringify(message, null, 2));
}

async function sendWithSes(mail: Mail): Promise<void> {
  const request: SendEmailRequest = {
    FromEmailAddress: mailFrom(),
    Destination: { ToAddresses: [mail.to] },
    Content: {
      Simple: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
      },
    },
  };
  // SES v2 is a REST API: one resource per operation.
  await awsRequest(
    { signingName: 'ses', endpointPrefix: 'email', region: process.env.AWS_REGION || 'us-east-1' },
    {
      method: 'POST',
      path: '/v2/email/outbound-emails',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    },
  );
}

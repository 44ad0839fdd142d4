import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  GetEmailIdentityCommand,
  SendEmailCommand,
  SESv2Client,
  type SendEmailCommandInput,
} from '@aws-sdk/client-sesv2';
import { readOutbox, type OutboxMessage } from '../../outbox';
import { startSesTwin, type SesTwin } from '../ses';

// The SES v2 twin driven by the real SDK client, as the handlers use it.

describe('SES v2 twin', () => {
  let dir: string;
  let ses: SesTwin;
  let client: SESv2Client;

  const mail = (overrides: Partial<SendEmailCommandInput> = {}): SendEmailCommandInput => ({
    FromEmailAddress: 'Stockbench <no-reply@stockbench.app>',
    Destination: { ToAddresses: ['buyer@example.com'] },
    Content: {
      Simple: {
        Subject: { Data: 'Your receipt', Charset: 'UTF-8' },
        Body: {
          Text: { Data: 'Thanks: 15 €', Charset: 'UTF-8' },
          Html: { Data: '<p>Thanks: 15 €</p>', Charset: 'UTF-8' },
        },
      },
    },
    ...overrides,
  });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sb-ses-'));
    ses = await startSesTwin({ port: 0, outboxDir: dir, verifiedIdentities: ['stockbench.app'] });
    client = new SESv2Client({
      endpoint: ses.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    });
  });
  afterAll(async () => {
    client?.destroy();
    await ses?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends a Simple email and files it in the outbox as an OutboxMessage', async () => {
    const { MessageId } = await client.send(
      new SendEmailCommand(mail({ ReplyToAddresses: ['support@stockbench.app'] })),
    );
    expect(MessageId).toMatch(/^[0-9a-f]+-[0-9a-f-]{36}-000000$/);

    const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(1);
    const stored = JSON.parse(await readFile(path.join(dir, files[0] ?? ''), 'utf8')) as OutboxMessage;
    expect(stored).toEqual({
      id: files[0]?.replace(/\.json$/, ''),
      from: 'Stockbench <no-reply@stockbench.app>',
      to: 'buyer@example.com',
      subject: 'Your receipt',
      text: 'Thanks: 15 €',
      html: '<p>Thanks: 15 €</p>',
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      messageId: MessageId,
      replyTo: ['support@stockbench.app'],
    });
    expect(await readOutbox(dir, 'BUYER@example.com')).toEqual([stored]);
  });

  it('accepts text-only mail and finds Cc and Bcc recipients in the outbox', async () => {
    await client.send(
      new SendEmailCommand(
        mail({
          FromEmailAddress: 'no-reply@stockbench.app',
          Destination: {
            ToAddresses: ['a@example.com'],
            CcAddresses: ['b@example.com'],
            BccAddresses: ['c@example.com'],
          },
          Content: { Simple: { Subject: { Data: 'Text only' }, Body: { Text: { Data: 'plain' } } } },
        }),
      ),
    );
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) {
      expect(await readOutbox(dir, to)).toMatchObject([{ subject: 'Text only', text: 'plain', html: '' }]);
    }
  });

  it('answers BadRequestException for a missing From, Destination or Content', async () => {
    const before = (await readdir(dir)).length;
    for (const input of [
      mail({ FromEmailAddress: undefined }),
      mail({ Destination: undefined }),
      mail({ Destination: { ToAddresses: [] } }),
      mail({ Content: undefined }),
      mail({ Content: { Simple: { Subject: { Data: 'No body' }, Body: {} } } }),
      mail({ Destination: { ToAddresses: ['not an address'] } }),
    ]) {
      await expect(client.send(new SendEmailCommand(input))).rejects.toMatchObject({
        name: 'BadRequestException',
        $metadata: { httpStatusCode: 400 },
      });
    }
    expect((await readdir(dir)).length).toBe(before);
  });

  it('rejects a sender outside the verified identities with MessageRejected', async () => {
    const from = 'Someone <someone@example.com>';
    const error = await client.send(new SendEmailCommand(mail({ FromEmailAddress: from }))).catch((e) => e);
    expect(error).toMatchObject({
      name: 'MessageRejected',
      message: `Email address is not verified. The following identities failed the check in region US-EAST-1: ${from}`,
      $metadata: { httpStatusCode: 400 },
    });
    // A subdomain is not covered by its parent domain's identity.
    await expect(
      client.send(new SendEmailCommand(mail({ FromEmailAddress: 'x@mail.stockbench.app' }))),
    ).rejects.toMatchObject({ name: 'MessageRejected' });
  });

  it('answers GetEmailIdentity for verified identities and NotFoundException otherwise', async () => {
    expect(await client.send(new GetEmailIdentityCommand({ EmailIdentity: 'stockbench.app' }))).toMatchObject(
      {
        IdentityType: 'DOMAIN',
        VerifiedForSendingStatus: true,
      },
    );
    await expect(
      client.send(new GetEmailIdentityCommand({ EmailIdentity: 'example.com' })),
    ).rejects.toMatchObject({ name: 'NotFoundException' });
  });

  it('answers an operation it does not implement with a 400, not a 500', async () => {
    const res = await fetch(`${ses.url}/v2/email/account`);
    expect(res.status).toBe(400);
    expect(res.headers.get('x-amzn-errortype')).toBe('UnknownOperationException');
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });
});

describe("SES v2 twin in the sandbox (a new account's SES)", () => {
  let dir: string;
  let ses: SesTwin;
  let client: SESv2Client;
  const send = (to: string[]) =>
    client.send(
      new SendEmailCommand({
        FromEmailAddress: 'Stockbench <no-reply@stockbench.app>',
        Destination: { ToAddresses: to },
        Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
      }),
    );

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sb-ses-sandbox-'));
    ses = await startSesTwin({
      port: 0,
      outboxDir: dir,
      verifiedIdentities: ['stockbench.app', 'ops@example.com'],
      sandbox: true,
    });
    client = new SESv2Client({
      endpoint: ses.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    });
  });
  afterAll(async () => {
    client?.destroy();
    await ses?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses an unverified recipient with MessageRejected naming it, and sends nothing', async () => {
    await expect(send(['ops@example.com', 'buyer@example.com'])).rejects.toMatchObject({
      name: 'MessageRejected',
      message:
        'Email address is not verified. The following identities failed the check in region US-EAST-1: buyer@example.com',
    });
    expect(await readOutbox(dir)).toEqual([]);
  });

  it('mails verified recipients (an address, or an address of a verified domain)', async () => {
    await send(['ops@example.com', 'team@stockbench.app']);
    expect(await readOutbox(dir)).toHaveLength(1);
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { RECOVER_SK, recoverPk, userPk, userRecoverSk } from '../../lambdas/lib/repository/keys';
import { PARTITION_KEY, SORT_KEY } from '../../lambdas/lib/table';
import { request } from './http';
import { fail, reason } from './report';
import type { Session } from './session';

// Where the smoke test reads the one-time code that undoes its email change. update-email mails it to
// the old address as a link; the smoke test cannot read a real mailbox, so:
// - on the local stack, the outbox (every mail the product sends, through the SES stand-in), which
//   also proves the mail was sent;
// - on a deploy, the code's record in DynamoDB (the user's partition points at it), read with the
//   deploying engineer's AWS credentials.
// ready() runs before the email changes: if the code could not be read afterwards, nothing is changed.

export interface RecoveryCodeSource {
  label: string;
  /** Fails unless codes can be read; remembers those that exist already. */
  ready(session: Session): Promise<void>;
  /** The code of the change just made (waits a little for it), or undefined. */
  find(session: Session, original: string, alias: string): Promise<string | undefined>;
  /** For the ok line, once found. */
  describe(): string;
}

async function poll<T>(
  attempt: () => Promise<T | undefined>,
  tries = 20,
  everyMs = 250,
): Promise<T | undefined> {
  for (let i = 0; i < tries; i += 1) {
    const value = await attempt();
    if (value !== undefined) return value;
    await sleep(everyMs);
  }
  return undefined;
}

/** The oobCode of an email-recovery link in a mail's text, with the link's origin. */
export function recoveryLinkIn(text: string): { code: string; origin: string } | undefined {
  for (const match of text.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    let url: URL;
    try {
      url = new URL(match[0].replace(/&amp;/g, '&'));
    } catch {
      continue;
    }
    const code = url.searchParams.get('oobCode');
    if (url.searchParams.get('mode') === 'recoverEmail' && code) return { code, origin: url.origin };
  }
  return undefined;
}

interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  date: string;
}

export class OutboxCodes implements RecoveryCodeSource {
  readonly label = 'local outbox';
  private readonly seen = new Set<string>();
  private found = '';

  constructor(private readonly outbox: string) {}

  private async messages(to: string): Promise<OutboxMessage[]> {
    const answer = await request(`${this.outbox}/messages.json?${new URLSearchParams({ to }).toString()}`);
    if (answer.status !== 200 || !Array.isArray(answer.json)) {
      return fail(`the outbox answered ${answer.status}: ${answer.text.slice(0, 120)}`);
    }
    return answer.json as OutboxMessage[];
  }

  async ready(session: Session): Promise<void> {
    try {
      for (const m of await this.messages(session.email)) this.seen.add(m.id);
    } catch (err) {
      fail(`not changed: the outbox, where the recovery link would arrive, cannot be read (${reason(err)})`);
    }
  }

  find(_session: Session, original: string): Promise<string | undefined> {
    return poll(async () => {
      for (const m of await this.messages(original)) {
        if (this.seen.has(m.id)) continue;
        const link = recoveryLinkIn(`${m.text}\n${m.html}`);
        if (link) {
          this.found = `"${m.subject}", link to ${link.origin}`;
          return link.code;
        }
      }
      return undefined;
    });
  }

  describe(): string {
    return this.found;
  }
}

export class DynamoDbCodes implements RecoveryCodeSource {
  readonly label = 'read from DynamoDB';
  private readonly client: DynamoDBClient;
  private readonly doc: DynamoDBDocumentClient;
  private readonly table: string | undefined;
  private readonly seen = new Set<string>();

  /** `table`: the backend stack's TableName output, or --table. */
  constructor(region: string, table: string | undefined) {
    this.client = new DynamoDBClient({ region, maxAttempts: 3 });
    this.doc = DynamoDBDocumentClient.from(this.client);
    this.table = table;
  }

  private resolveTable(): string {
    return (
      this.table ??
      fail("the table is unknown: pass --table or the outputs file (the backend stack's TableName output)")
    );
  }

  /** The codes the user's partition points at. */
  private async pointers(uid: string): Promise<string[]> {
    const prefix = userRecoverSk('');
    const codes: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.doc.send(
        new QueryCommand({
          TableName: this.resolveTable(),
          KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
          ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#sk': SORT_KEY },
          ExpressionAttributeValues: { ':pk': userPk(uid), ':prefix': prefix },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) codes.push(String(item[SORT_KEY]).slice(prefix.length));
      start = out.LastEvaluatedKey;
    } while (start);
    return codes;
  }

  async ready(session: Session): Promise<void> {
    try {
      for (const code of await this.pointers(session.sub)) this.seen.add(code);
    } catch (err) {
      fail(
        `not changed: the recovery code could not be read afterwards (${reason(err)}); run with the AWS ` +
          'credentials that deployed, and --table if needed',
      );
    }
  }

  find(session: Session, original: string, alias: string): Promise<string | undefined> {
    return poll(async () => {
      for (const code of await this.pointers(session.sub)) {
        if (this.seen.has(code)) continue;
        const out = await this.doc.send(
          new GetCommand({
            TableName: this.resolveTable(),
            Key: { [PARTITION_KEY]: recoverPk(code), [SORT_KEY]: RECOVER_SK },
            ConsistentRead: true,
          }),
        );
        const item = out.Item;
        if (
          item &&
          !item.usedAt &&
          String(item.email).toLowerCase() === alias.toLowerCase() &&
          String(item.previousEmail).toLowerCase() === original.toLowerCase()
        ) {
          return code;
        }
      }
      return undefined;
    });
  }

  describe(): string {
    return `its code read from table ${this.table ?? '?'} (the mail itself went to the inbox)`;
  }
}

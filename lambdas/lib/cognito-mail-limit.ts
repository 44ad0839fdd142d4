import { createHash, randomUUID } from 'node:crypto';
import { mailboxKey } from '../../src/lib/email-address';
import { LimitReachedError } from './errors';
import { counterExpiry, dayWindow, secondsLeft } from './quota-window';
import { recipientPk } from './repository/keys';
import { readQuota, takeQuota } from './repository/quotas';
import { refuse } from './refusal';

// The mails Cognito sends to an address (verification codes at sign-up and on request, password
// reset codes, the code for a changed address) pass the CustomMessage trigger, whatever called
// Cognito: the site, or anyone with the app client's id. Each sign-up for an unconfirmed address
// replaces the one before, so Cognito's own per-user limits never build up; this daily count per
// mailbox (mailboxKey: every +tag and capitalization of an address reaches one inbox) is what keeps a
// script from flooding someone's inbox through our sign-up.

/** Cognito mails one mailbox may receive per UTC day: a sign-up, a resend or two, a reset or two. */
export const COGNITO_MAILS_PER_MAILBOX_PER_DAY = 5;

/** What the person sees (Cognito: "CustomMessage failed with error <this>."). */
export const TOO_MANY_MAILS =
  'We have sent this address as many emails as we send in one day. Use the newest one, or try again tomorrow';

const cognitoMailsSk = (window: string): string => `QUOTA#cognito-mails#${window}`;

function counterOf(address: string) {
  const window = dayWindow();
  const hash = createHash('sha256').update(mailboxKey(address)).digest('hex');
  return { window, key: { pk: recipientPk(hash), sk: cognitoMailsSk(window.name) } };
}

/** Counts one mail to `address`'s mailbox today; throws, with the person's message, once the day's are sent. */
export async function takeCognitoMailAllowance(address: string): Promise<void> {
  const { window, key } = counterOf(address);
  const fits = await takeQuota(
    key,
    randomUUID(),
    1,
    COGNITO_MAILS_PER_MAILBOX_PER_DAY,
    counterExpiry(window),
  );
  if (!fits) refuse(TOO_MANY_MAILS);
}

/** The error an action that would have Cognito mail `address` past today's limit raises. */
export const cognitoMailLimitReached = (address: string): LimitReachedError =>
  new LimitReachedError(
    'cognito-mails',
    COGNITO_MAILS_PER_MAILBOX_PER_DAY,
    secondsLeft(dayWindow()),
    address,
  );

/** Refuses, before anything changes, an action whose Cognito mail to `address` the limit would stop. */
export async function requireCognitoMailAllowance(address: string): Promise<void> {
  if ((await readQuota(counterOf(address).key)) >= COGNITO_MAILS_PER_MAILBOX_PER_DAY)
    throw cognitoMailLimitReached(address);
}

/** Whether Cognito refused a call because the CustomMessage trigger found the limit reached. */
export const isCognitoMailRefusal = (err: unknown): boolean =>
  err instanceof Error &&
  err.name === 'UserLambdaValidationException' &&
  err.message.includes(TOO_MANY_MAILS);

import { createHash, randomUUID } from 'node:crypto';
import { mailboxKey } from '../../src/lib/email-address';
import type { SecurityMailData } from '../mail/security';
import { sendTemplate } from '../mail/send';
import type { MailTemplate } from '../mail/template';
import { passkeyAdded } from '../mail/templates/passkey-added';
import { passkeyRemoved } from '../mail/templates/passkey-removed';
import { passwordChanged } from '../mail/templates/password-changed';
import { passwordReset } from '../mail/templates/password-reset';
import { twoFactorChanged } from '../mail/templates/two-factor-changed';
import { twoFactorOff } from '../mail/templates/two-factor-off';
import { twoFactorOn } from '../mail/templates/two-factor-on';
import { getConfig } from './config';
import { counterExpiry, dayWindow } from './quota-window';
import { createEndSessionCode } from './repository/end-session-codes';
import {
  claimFactorMail,
  holdFactorMail,
  type MailTopic,
  releaseFactorClaim,
} from './repository/factor-mails';
import { recipientPk, userQuotaSk } from './repository/keys';
import { takeQuota } from './repository/quotas';

// The security mails (lambdas/triggers/security-events.ts) and how they are limited without hiding
// the state of the account's second factor from its owner:
// - A mail about the second factor (turned on, replaced, turned off) is never dropped. The first of its
//   kind in FACTOR_MAIL_WINDOW_MS goes at once and tells the state then. A repeat of that kind within
//   the window is held; held changes are collapsed into one mail (lambdas/jobs/held-security-mails.ts),
//   sent once the window of the kind held has closed and at most one such mail per window, telling
//   the state the factor is in then (read from Cognito), and that another authenticator app replaced
//   the owner's if one did meanwhile and the factor is still on. A mail sent at once settles what was
//   held before it. So the newest mail always ends up telling the factor's latest state, and a script
//   that toggles it gets at most four mails per window into the inbox (one of each kind, and one
//   collapsed).
// - A mail about a passkey (added, removed) follows the same rule in its own record: never dropped,
//   the first of its kind in the window at once, repeats held and collapsed into one mail per window.
//   An added passkey signs its holder in until it is removed, so a held addition is never hidden: the
//   collapsed mail (or a mail sent at once while one is held) says a passkey was added. A script that
//   adds and removes passkeys in a loop gets at most three mails per window into the inbox.
// - The password mails count against SECURITY_MAILS_PER_DAY per mailbox (mailboxKey), past which
//   they are dropped: a changed password leaves the second factor as it was, and the first mails of
//   the day already gave the owner the link that ends every session.

/** A mail of each kind about the second factor at once per this long; repeats wait for its end. */
export const FACTOR_MAIL_WINDOW_MS = 60 * 60_000;

/** Password mails one mailbox may receive per UTC day: a toggling script must not flood the owner. */
const SECURITY_MAILS_PER_DAY = 10;

export type FactorKind = 'two-factor-on' | 'two-factor-changed' | 'two-factor-off';
export type PasskeyKind = 'passkey-added' | 'passkey-removed';
export type SecurityKind = FactorKind | PasskeyKind | 'password-changed' | 'password-reset';

const MAILS: Record<SecurityKind, MailTemplate<SecurityMailData>> = {
  'two-factor-on': twoFactorOn,
  'two-factor-changed': twoFactorChanged,
  'two-factor-off': twoFactorOff,
  'passkey-added': passkeyAdded,
  'passkey-removed': passkeyRemoved,
  'password-changed': passwordChanged,
  'password-reset': passwordReset,
};

/** The held-mail record a kind counts in; undefined for the password mails (a daily quota instead). */
const topicOf = (kind: SecurityKind): MailTopic | undefined =>
  kind.startsWith('two-factor-') ? 'two-factor' : kind.startsWith('passkey-') ? 'passkeys' : undefined;

/** The change a held mail must report first: a replaced authenticator app, an added passkey. */
const marks = (kind: SecurityKind): boolean => kind === 'two-factor-changed' || kind === 'passkey-added';

/** The mail that tells the factor's state: on with a replaced app, on, or off. */
const factorStateKind = (on: boolean, replaced: boolean): FactorKind =>
  on ? (replaced ? 'two-factor-changed' : 'two-factor-on') : 'two-factor-off';

/**
 * The collapsed mail of a topic's held changes: for the second factor its state now (`on`, Cognito's);
 * for passkeys, an addition when one was held (it signs someone in), else a removal.
 */
export const heldMailKind = (topic: MailTopic, on: boolean, marked: boolean): SecurityKind =>
  topic === 'two-factor' ? factorStateKind(on, marked) : marked ? 'passkey-added' : 'passkey-removed';

export interface SecurityRecipient {
  uid: string;
  /** The Cognito user name (for the link's global sign-out). */
  username: string;
  address: string;
}

/** Mails `kind` with a new link that ends every session. */
export async function sendSecurityMail(
  kind: SecurityKind,
  to: SecurityRecipient,
  data: { at: string; collapsed?: boolean },
): Promise<void> {
  const code = await createEndSessionCode(to.uid, to.username);
  const endSessionsLink = `${getConfig().siteUrl}/auth?mode=endSessions&oobCode=${encodeURIComponent(code)}`;
  await sendTemplate(MAILS[kind], to.address, { ...data, endSessionsLink });
}

async function passwordMailFits(address: string): Promise<boolean> {
  const window = dayWindow();
  const mailbox = createHash('sha256').update(mailboxKey(address)).digest('hex');
  const key = { pk: recipientPk(mailbox), sk: userQuotaSk('security-mails', window.name) };
  return takeQuota(key, randomUUID(), 1, SECURITY_MAILS_PER_DAY, counterExpiry(window));
}

/**
 * Mails the owner about a change, by the rules above. `on` is the second factor's state when the event
 * is handled (Cognito's), for a factor mail sent at once.
 */
export async function notifySecurityChange(
  kind: SecurityKind,
  to: SecurityRecipient,
  change: { at: string; on: boolean },
): Promise<void> {
  const topic = topicOf(kind);
  if (!topic) {
    if (await passwordMailFits(to.address)) await sendSecurityMail(kind, to, { at: change.at });
    return;
  }
  const claimed = await claimFactorMail(to.uid, topic, kind, Date.now(), FACTOR_MAIL_WINDOW_MS);
  const hold = (marked: boolean) =>
    holdFactorMail(to.uid, topic, kind, { replaced: marked, at: change.at }, FACTOR_MAIL_WINDOW_MS);
  if (!claimed) {
    await hold(marks(kind));
    return;
  }
  // A replacement held before this change still shows while the factor is on; a held added passkey
  // shows whatever this change is.
  const sent = claimed.replacedMeanwhile ? heldMailKind(topic, change.on, true) : kind;
  try {
    await sendSecurityMail(sent, to, { at: change.at, collapsed: claimed.replacedMeanwhile });
  } catch (err) {
    // Not sent: held and due at once, so the job sends it whether or not EventBridge tries again.
    await releaseFactorClaim(to.uid, topic, kind, claimed.previousSentMs);
    await hold(marks(sent));
    throw err;
  }
}

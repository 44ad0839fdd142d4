import { createHash, randomUUID } from 'node:crypto';
import { mailboxKey } from '../../src/lib/email-address';
import type { SecurityMailData } from '../mail/security';
import { sendTemplate } from '../mail/send';
import type { MailTemplate } from '../mail/template';
import { passwordChanged } from '../mail/templates/password-changed';
import { passwordReset } from '../mail/templates/password-reset';
import { twoFactorChanged } from '../mail/templates/two-factor-changed';
import { twoFactorOff } from '../mail/templates/two-factor-off';
import { twoFactorOn } from '../mail/templates/two-factor-on';
import { getConfig } from './config';
import { counterExpiry, dayWindow } from './quota-window';
import { createEndSessionCode } from './repository/end-session-codes';
import { claimFactorMail, holdFactorMail, releaseFactorClaim } from './repository/factor-mails';
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
// - The password mails count against SECURITY_MAILS_PER_DAY per mailbox (mailboxKey), past which
//   they are dropped: a changed password leaves the second factor as it was, and the first mails of
//   the day already gave the owner the link that ends every session.

/** A mail of each kind about the second factor at once per this long; repeats wait for its end. */
export const FACTOR_MAIL_WINDOW_MS = 60 * 60_000;

/** Password mails one mailbox may receive per UTC day: a toggling script must not flood the owner. */
const SECURITY_MAILS_PER_DAY = 10;

export type FactorKind = 'two-factor-on' | 'two-factor-changed' | 'two-factor-off';
export type SecurityKind = FactorKind | 'password-changed' | 'password-reset';

const MAILS: Record<SecurityKind, MailTemplate<SecurityMailData>> = {
  'two-factor-on': twoFactorOn,
  'two-factor-changed': twoFactorChanged,
  'two-factor-off': twoFactorOff,
  'password-changed': passwordChanged,
  'password-reset': passwordReset,
};

const isFactorKind = (kind: SecurityKind): kind is FactorKind => kind.startsWith('two-factor-');

/** The mail that tells the factor's state: on with a replaced app, on, or off. */
export const factorStateKind = (on: boolean, replaced: boolean): FactorKind =>
  on ? (replaced ? 'two-factor-changed' : 'two-factor-on') : 'two-factor-off';

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
 * Mails the owner about a change, by the rules above. `on` is the factor's state when the event is
 * handled (Cognito's), for a factor mail sent at once.
 */
export async function notifySecurityChange(
  kind: SecurityKind,
  to: SecurityRecipient,
  change: { at: string; on: boolean },
): Promise<void> {
  if (!isFactorKind(kind)) {
    if (await passwordMailFits(to.address)) await sendSecurityMail(kind, to, { at: change.at });
    return;
  }
  const claimed = await claimFactorMail(to.uid, kind, Date.now(), FACTOR_MAIL_WINDOW_MS);
  const hold = (replaced: boolean) =>
    holdFactorMail(to.uid, kind, { replaced, at: change.at }, FACTOR_MAIL_WINDOW_MS);
  if (!claimed) {
    await hold(kind === 'two-factor-changed');
    return;
  }
  // A replacement held before this change still shows while the factor is on.
  const sent = claimed.replacedMeanwhile ? factorStateKind(change.on, true) : kind;
  try {
    await sendSecurityMail(sent, to, { at: change.at, collapsed: claimed.replacedMeanwhile });
  } catch (err) {
    // Not sent: held and due at once, so the job sends it whether or not EventBridge tries again.
    await releaseFactorClaim(to.uid, kind, claimed.previousSentMs);
    await hold(sent === 'two-factor-changed');
    throw err;
  }
}

import type { EventBridgeEvent } from 'aws-lambda';
import { closeAccount } from '../lib/account-closure';
import { signOutEverywhere, userSecurityFacts } from '../lib/cognito';
import { getConfig } from '../lib/config';
import { removeAuthenticatorLearnedLate } from '../lib/recovery-two-factor';
import { isEventProcessed, recordEventProcessed } from '../lib/repository/events';
import { getSessionsBar, recordSecondFactorChange, revokeTokens } from '../lib/repository/sessions';
import {
  lastKnownTwoFactor,
  recordAuthenticatorVerified,
  saveTwoFactor,
} from '../lib/repository/two-factor-state';
import {
  type FactorKind,
  notifySecurityChange,
  type PasskeyKind,
  type SecurityKind,
} from '../lib/security-mails';

// How the product learns of changes to an account made straight at Cognito: a holder of the user's access
// token can turn two-factor sign-in on or off, set up another authenticator app, add or remove a passkey or
// change the password without the site, and Cognito cannot ask for more; and a user deleted straight at
// Cognito (DeleteUser, which the pool's web ACL blocks) still has an account to close. CloudTrail records
// these calls (with the user's sub in additionalEventData) and delivers them to EventBridge, whose rule runs
// this function (cdk/lib/account-security-events.ts); the local Cognito sends the same events. A deletion
// closes the account as POST /api/delete-customer does (lib/account-closure.ts); for the others it mails the
// owner, with a link that ends every session, by the limits of lib/security-mails.ts (a mail about the second
// factor or a passkey is collapsed, never dropped). A change of second factor (on, replaced, off) or of passkeys (one
// added or removed) also ends every session no revocation has ended since (endSessionsBefore), and a new
// authenticator app the sign-ins begun before it (lambdas/triggers/pre-token-generation.ts). It records when
// an app was set up, for the email recovery's rule (lib/recovery-two-factor.ts), and applies that rule to a
// setup learned of after a recovery that should have removed it. EventBridge may deliver an event twice or
// late: each is handled once (by CloudTrail's event id), and the two-factor state is read from Cognito when
// the event is handled, so a repeat or an old event mails nothing wrong.

export interface CloudTrailDetail {
  eventID: string;
  eventName: string;
  eventTime: string;
  errorCode?: string;
  additionalEventData?: { sub?: string };
}

export type SecurityEvent = EventBridgeEvent<'AWS API Call via CloudTrail', CloudTrailDetail>;

/** The passkey calls and the mail each sends. */
const PASSKEY_CHANGES: Partial<Record<string, PasskeyKind>> = {
  CompleteWebAuthnRegistration: 'passkey-added',
  DeleteWebAuthnCredential: 'passkey-removed',
};

/**
 * What a two-factor call changed, from Cognito's state now and the state seen last. Events may arrive
 * in any order: a first setup's VerifySoftwareToken and SetUserMFAPreference are a second apart, so a
 * new app counts as a replacement only when two-factor sign-in was already on before it was verified.
 */
async function twoFactorChange(
  uid: string,
  eventName: string,
  at: number,
  on: boolean,
): Promise<{ kind?: FactorKind; save?: () => Promise<void> }> {
  const before = await lastKnownTwoFactor(uid);
  if (eventName === 'VerifySoftwareToken') {
    return { kind: on && before.on && before.since < at ? 'two-factor-changed' : undefined };
  }
  if (on === before.on) return {};
  // Saved once the change's sessions have ended: a retry after a failure on the way sees it again.
  return { kind: on ? 'two-factor-on' : 'two-factor-off', save: () => saveTwoFactor(uid, { on, since: at }) };
}

export const handler = async (event: SecurityEvent): Promise<void> => {
  const { detail } = event;
  const uid = detail.additionalEventData?.sub;
  if (detail.errorCode || !uid) return;
  const eventId = `cognito:${detail.eventID}`;
  if (await isEventProcessed(eventId)) return;
  await handle(detail, uid);
  // Recorded once handled: a failure on the way is retried by EventBridge.
  await recordEventProcessed(eventId, detail.eventName);
};

async function handle(detail: CloudTrailDetail, uid: string): Promise<void> {
  const { userPoolId } = getConfig();
  const at = detail.eventTime;
  const atMs = Date.parse(at) || Date.now();

  if (detail.eventName === 'DeleteUser') {
    // The user deleted themselves straight at Cognito (the pool's web ACL blocks it; this is for a
    // request that gets through): the account is closed as delete-customer closes it, with the address
    // the account record holds. After a deletion through the site nothing is left, and nothing is mailed.
    await closeAccount(uid, { via: 'cognito' });
    return;
  }
  const user = await userSecurityFacts(uid, userPoolId);
  if (!user) return;
  let kind: SecurityKind | undefined;
  if (detail.eventName === 'ChangePassword') kind = 'password-changed';
  else if (detail.eventName === 'ConfirmForgotPassword') kind = 'password-reset';
  else if (PASSKEY_CHANGES[detail.eventName]) {
    // A passkey added by a holder of a stolen access token signs them in from then on; one removed
    // may be the owner shutting a thief out. Either way no session begun before it goes on.
    kind = PASSKEY_CHANGES[detail.eventName];
    await endSessionsBefore(uid, user.username, atMs, userPoolId);
  } else {
    if (detail.eventName === 'VerifySoftwareToken') await recordAuthenticatorVerified(uid, atMs);
    const change = await twoFactorChange(uid, detail.eventName, atMs, user.twoFactor);
    kind = change.kind;
    // A new authenticator app ends the sign-ins begun with the old one. Turning the factor on or off
    // needs no such end: before it is on no sign-in stops at a code, and once it is off the password
    // alone signs in anyway.
    if (kind === 'two-factor-changed') await recordSecondFactorChange(uid, atMs);
    if (kind) await endSessionsBefore(uid, user.username, atMs, userPoolId);
    await change.save?.();
    const setUp = detail.eventName === 'VerifySoftwareToken' || kind === 'two-factor-on';
    if (
      user.twoFactor &&
      setUp &&
      (await removeAuthenticatorLearnedLate(uid, user.username, atMs, userPoolId))
    ) {
      // The owner hears of the removal now: its own event finds the factor already off and mails nothing.
      await saveTwoFactor(uid, { on: false, since: Date.now() });
      kind = 'two-factor-off';
    }
  }
  if (!kind || !user.address) return;
  await notifySecurityChange(
    kind,
    { uid, username: user.username, address: user.address },
    { at, on: user.twoFactor },
  );
}

/**
 * Every session of the user ends (Cognito's global sign-out, then the BFF's record), unless one was
 * ended at or after the change: the site ends them itself right after its own change and signs the
 * person in again, and that new session must outlive this event, which may come minutes later.
 */
async function endSessionsBefore(uid: string, username: string, atMs: number, userPoolId: string) {
  const bar = await getSessionsBar(uid);
  if (bar && bar.revokedAtMs >= atMs) return;
  await signOutEverywhere(username, userPoolId);
  await revokeTokens(uid, { endPendingSignIns: false });
}

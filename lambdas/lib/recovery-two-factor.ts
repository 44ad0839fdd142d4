import { hasTwoFactor, turnOffTwoFactor } from './cognito';
import { lastKnownTwoFactor, recordRecoveryWindow, type TwoFactorState } from './repository/two-factor-state';

// Which authenticator app an email recovery removes. A recovery undoes a change of address, and with it
// an authenticator app set up after that change: whoever set it up held the account at the changed
// address, maybe an intruder, and it would keep the owner out. An app set up before the change stays, so
// that a recovery link (whoever reads the old mailbox) never opens the account without the owner's code;
// support's turn-off-two-factor stays the way back for a lost phone. Cognito keeps no time of a setup,
// so the product's own record holds it: the times of VerifySoftwareToken and of turning the factor on,
// from Cognito's CloudTrail events (triggers/security-events.ts), never a time a client sends. Those
// events may come minutes late: a setup not known yet counts as kept, and the recovery records the
// window of changes it undid, so that the late event of a setup inside it removes the app then.

/** When the authenticator app in use was set up, as far as the events tell; undefined: none known. */
function setUpAt(state: TwoFactorState): number | undefined {
  const times = [state.verifiedAt, state.on ? state.since : undefined].filter(
    (t): t is number => t !== undefined,
  );
  return times.length ? Math.max(...times) : undefined;
}

/**
 * An email recovery at `nowMs` undoes the changes of address made since `changedAtMs`: removes the
 * authenticator app if it was set up since then. Answers whether it did.
 */
export async function removeAuthenticatorSetUpSince(
  uid: string,
  username: string,
  changedAtMs: number,
  nowMs = Date.now(),
): Promise<boolean> {
  // The window first, the setup's time after: an event handled meanwhile either finds the window (and
  // removes the app itself) or has recorded its time before it is read here.
  await recordRecoveryWindow(uid, changedAtMs, nowMs);
  if (!(await hasTwoFactor(username))) return false;
  const at = setUpAt(await lastKnownTwoFactor(uid));
  if (at === undefined || at < changedAtMs) return false;
  await turnOffTwoFactor(username);
  return true;
}

/**
 * A setup at `atMs` (an event just handled, its time recorded): if an email recovery already undid the
 * change of address it followed, and no setup after that recovery is known, the app is removed as the
 * recovery would have removed it. Answers whether it was.
 */
export async function removeAuthenticatorLearnedLate(
  uid: string,
  username: string,
  atMs: number,
  userPoolId?: string,
): Promise<boolean> {
  const state = await lastKnownTwoFactor(uid);
  const window = state.undone;
  if (!window || atMs < window.from || atMs >= window.to) return false;
  // The owner set one up again after the recovery: theirs stays.
  if ((setUpAt(state) ?? 0) >= window.to) return false;
  if (!(await hasTwoFactor(username, userPoolId))) return false;
  await turnOffTwoFactor(username, userPoolId);
  return true;
}

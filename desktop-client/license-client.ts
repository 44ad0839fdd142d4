import type { LicenseValidation } from '../lambdas/endpoints/validate-license/contract';
import type { MachineInfo } from '../lambdas/contracts/machine';
import type { Session } from './sign-in';
import type { KeptState, PublishedKeys, StateStore } from './state';
import { StatementError, verifyStatement } from './statement';
import { isTrustedEndorsement, trustedKeySet } from './trust';

// The desktop application's license check, as a specification in code (docs/desktop-protocol.md, "The desktop
// application's license check"). At start and at least daily while online it calls validate-license
// with this installation's id; a valid answer renews the statement, which is verified with the
// keys the application trusts (trust.ts) and kept, so the application works offline until the
// statement expires, but only when the API cannot be reached. A refusal ends the license on this
// machine at once, and says what the user can do.

export interface LicenseClientOptions {
  /** The API's base, e.g. https://www.stockbench.app/api */
  api: string;
  store: StateStore;
  /** How this machine describes itself; its id is the installation id kept in the store. */
  machine: Omit<MachineInfo, 'id'>;
  /**
   * The keys the application ships with, in its code (never read from disk or the network): statements
   * must be signed by one of them or by a key an endorsement chains to from them (trust.ts).
   */
  trustedKeys: PublishedKeys;
}

type RefusalCode = Exclude<LicenseValidation['code'], 'VALID'>;

export type LicenseStatus =
  | {
      state: 'licensed';
      /** True when the API confirmed it just now; false when it works from the kept statement. */
      online: boolean;
      worksOfflineUntil: Date;
    }
  | {
      state: 'refused';
      code: RefusalCode | 'SIGNED_OUT' | 'NO_STATEMENT' | 'CHECK_REFUSED';
      /** What the application shows. */
      message: string;
      /** What it offers: sign in (again), open the Devices page, or the licenses page. */
      action: 'sign-in' | 'devices' | 'licenses' | 'connect';
    };

/** What the application shows for each refusal. */
export function describeRefusal(
  answer: Extract<LicenseValidation, { valid: false }>,
): Extract<LicenseStatus, { state: 'refused' }> {
  switch (answer.code) {
    case 'MACHINE_LIMIT': {
      const list = answer.machines.map((m) => `${m.name} (last used ${m.lastSeen.slice(0, 10)})`).join(', ');
      return {
        state: 'refused',
        code: answer.code,
        message: `This license is in use on ${answer.machines.length} computers, as many as it may be at once: ${list}. Sign one of them out on the website's Devices page, then try again.`,
        action: 'devices',
      };
    }
    case 'MACHINE_SIGNED_OUT':
      return {
        state: 'refused',
        code: answer.code,
        message:
          'This computer was signed out of the license from the website. Sign in again to use it here.',
        action: 'sign-in',
      };
    case 'SUBSCRIPTION_INACTIVE':
      return {
        state: 'refused',
        code: answer.code,
        message:
          'The payment for this license is overdue. The person who pays for it can update the card on the website.',
        action: 'licenses',
      };
    case 'EXPIRED':
      return { state: 'refused', code: answer.code, message: 'This license has ended.', action: 'licenses' };
    case 'NOT_FOUND':
      return {
        state: 'refused',
        code: answer.code,
        message:
          'This license key is not yours (or no longer assigned to you). Check the key on your licenses page.',
        action: 'licenses',
      };
  }
}

/** The endorsement the API publishes after a rotation, if any (the keys it lists are not trusted as such). */
async function fetchEndorsement(api: string): Promise<string | undefined> {
  const res = await fetch(`${api}/license-public-key`);
  if (!res.ok) return undefined;
  const { endorsement } = (await res.json()) as { endorsement?: unknown };
  return typeof endorsement === 'string' ? endorsement : undefined;
}

const needsCheck = (message: string): Extract<LicenseStatus, { state: 'refused' }> => ({
  state: 'refused',
  code: 'NO_STATEMENT',
  message,
  action: 'connect',
});

/** The status from the kept statement alone (offline, or the API unreachable). */
export async function offlineStatus(
  options: Pick<LicenseClientOptions, 'store' | 'trustedKeys'>,
  now: Date = new Date(),
): Promise<LicenseStatus> {
  const state = await options.store.read();
  if (!state.statement || !state.licenseKey)
    return needsCheck('Connect to the internet to check your license.');
  try {
    const verified = await verifyStatement(
      state.statement,
      await trustedKeySet(options.trustedKeys, state.keyEndorsements),
      { key: state.licenseKey, machine: state.installationId },
      now,
    );
    return { state: 'licensed', online: false, worksOfflineUntil: new Date(verified.exp * 1000) };
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    return needsCheck('Your license needs a check: connect to the internet.');
  }
}

/**
 * Verifies a new statement with the trusted keys; on a key it does not trust yet (a rotation), it
 * fetches the API's endorsement once and keeps it if it chains to them. Answers the endorsements to keep.
 */
async function verifyNew(options: LicenseClientOptions, state: KeptState, token: string, key: string) {
  let endorsements = state.keyEndorsements ?? [];
  const expect = { key, machine: state.installationId };
  const verify = async () =>
    verifyStatement(token, await trustedKeySet(options.trustedKeys, endorsements), expect);
  try {
    return { endorsements, verified: await verify() };
  } catch (error) {
    if (!(error instanceof StatementError) || error.reason !== 'unknown-key') throw error;
    const endorsement = await fetchEndorsement(options.api).catch(() => undefined);
    if (endorsement && (await isTrustedEndorsement(options.trustedKeys, endorsements, endorsement))) {
      endorsements = [...endorsements, endorsement];
    }
    return { endorsements, verified: await verify() };
  }
}

/** A server error or a throttled request: the API is there but cannot answer now. */
const isTransient = (status: number) => status >= 500 || status === 429;

/**
 * One check with the API (at start, and at least daily while the application runs). Only a failure to
 * reach the API (or its answer that it cannot answer now) falls back to the kept statement. A definite
 * refusal (the license removed, ended, not this user's; the session ended) stops it at once and forgets
 * the kept statement; any other answer is no license now.
 */
export async function checkLicense(
  options: LicenseClientOptions,
  session: Session,
  key: string,
): Promise<LicenseStatus> {
  const state = await options.store.read();
  let res: Response;
  try {
    res = await fetch(`${options.api}/validate-license`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key, machine: { id: state.installationId, ...options.machine } }),
    });
  } catch {
    return offlineStatus(options);
  }
  if (isTransient(res.status)) return offlineStatus(options);
  const forget = () =>
    options.store.write({ installationId: state.installationId, keyEndorsements: state.keyEndorsements });
  if (res.status === 401) {
    await forget();
    return {
      state: 'refused',
      code: 'SIGNED_OUT',
      message: 'Your session has ended. Sign in again.',
      action: 'sign-in',
    };
  }
  if (res.status !== 200) {
    return {
      state: 'refused',
      code: 'CHECK_REFUSED',
      message: `The license server did not accept the check (${res.status}). Sign in again, or contact support.`,
      action: 'sign-in',
    };
  }
  const answer = (await res.json()) as LicenseValidation;
  if (!answer.valid) {
    // Refused online: the kept statement is not used any more on this machine.
    await forget();
    return describeRefusal(answer);
  }
  try {
    const { endorsements, verified } = await verifyNew(options, state, answer.token, key);
    await options.store.write({
      installationId: state.installationId,
      licenseKey: key,
      statement: answer.token,
      ...(endorsements.length ? { keyEndorsements: endorsements } : {}),
    });
    return { state: 'licensed', online: true, worksOfflineUntil: new Date(verified.exp * 1000) };
  } catch (error) {
    // A statement signed by a key the application cannot trust is not kept; the one kept before still
    // counts until it expires (an application offline across two rotations needs an update).
    if (!(error instanceof StatementError)) throw error;
    return offlineStatus(options);
  }
}

import type { LicenseValidation } from '../lambdas/contracts/validate-license';
import type { MachineInfo } from '../lambdas/contracts/machine';
import type { Session } from './sign-in';
import type { KeptState, PublishedKeys, StateStore } from './state';
import { StatementError, verifyStatement } from './statement';

// The desktop application's license check, as a specification in code (docs/desktop-protocol.md, "The desktop
// application's license check"). At start and at least daily while online it calls validate-license
// with this installation's id; a valid answer renews the statement, which is verified with the
// published keys and kept, so the application works offline until the statement expires. A refusal
// ends the license on this machine at once, and says what the user can do.

export interface LicenseClientOptions {
  /** The API's base, e.g. https://www.stockbench.app/api */
  api: string;
  store: StateStore;
  /** How this machine describes itself; its id is the installation id kept in the store. */
  machine: Omit<MachineInfo, 'id'>;
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
      code: RefusalCode | 'SIGNED_OUT' | 'NO_STATEMENT';
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

async function fetchKeys(api: string): Promise<PublishedKeys> {
  const res = await fetch(`${api}/license-public-key`);
  if (!res.ok) throw new Error(`license-public-key answered ${res.status}`);
  return { keys: ((await res.json()) as PublishedKeys).keys };
}

/** The status from the kept statement alone (offline, or the API unreachable). */
export async function offlineStatus(store: StateStore, now: Date = new Date()): Promise<LicenseStatus> {
  const state = await store.read();
  if (!state.statement || !state.publishedKeys || !state.licenseKey) {
    return {
      state: 'refused',
      code: 'NO_STATEMENT',
      message: 'Connect to the internet to check your license.',
      action: 'connect',
    };
  }
  try {
    const verified = await verifyStatement(
      state.statement,
      state.publishedKeys,
      { key: state.licenseKey, machine: state.installationId },
      now,
    );
    return { state: 'licensed', online: false, worksOfflineUntil: new Date(verified.exp * 1000) };
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    return {
      state: 'refused',
      code: 'NO_STATEMENT',
      message: 'Your license needs a check: connect to the internet.',
      action: 'connect',
    };
  }
}

/** Verifies a new statement; on a key it does not know (a rotation just made) it fetches the keys once more. */
async function verifyNew(api: string, state: KeptState, token: string, key: string) {
  let keys = state.publishedKeys ?? (await fetchKeys(api));
  const expect = { key, machine: state.installationId };
  try {
    return { keys, verified: await verifyStatement(token, keys, expect) };
  } catch (error) {
    if (!(error instanceof StatementError) || error.reason !== 'unknown-key') throw error;
    keys = await fetchKeys(api);
    return { keys, verified: await verifyStatement(token, keys, expect) };
  }
}

/**
 * One check with the API (at start, and at least daily while the application runs). Network trouble or
 * a server error falls back to the kept statement; an expired session asks to sign in again.
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
    return offlineStatus(options.store);
  }
  if (res.status === 401) {
    return {
      state: 'refused',
      code: 'SIGNED_OUT',
      message: 'Your session has ended. Sign in again.',
      action: 'sign-in',
    };
  }
  if (res.status !== 200) return offlineStatus(options.store);
  const answer = (await res.json()) as LicenseValidation;
  if (!answer.valid) {
    // Refused online: the kept statement is not used any more on this machine.
    await options.store.write({ installationId: state.installationId });
    return describeRefusal(answer);
  }
  try {
    const { keys, verified } = await verifyNew(options.api, state, answer.token, key);
    await options.store.write({ ...state, licenseKey: key, statement: answer.token, publishedKeys: keys });
    return { state: 'licensed', online: true, worksOfflineUntil: new Date(verified.exp * 1000) };
  } catch (error) {
    // A statement that does not verify is not kept; the one kept before still counts until it expires
    // (right after a key rotation the published keys may lag the signer by a few minutes).
    if (!(error instanceof StatementError)) throw error;
    return offlineStatus(options.store);
  }
}

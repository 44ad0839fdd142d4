// The seller's optional limit on the machines one license is used on at once. A license's holder may use
// it on unlimited devices by default (docs/desktop-protocol.md); a deployment may set a limit
// (CDK context `machineLimit`, `LICENSE_MACHINE_LIMIT` locally). CDK, the local stack, the handlers and
// the site's build read it with this one parser (in src/, which all of them may import), so a value one
// of them refuses is refused by all.

/** The handlers' environment variable (CDK and the local stack set it only when there is a limit). */
export const MACHINE_LIMIT_ENV = 'LICENSE_MACHINE_LIMIT';

/** The largest limit a seller may set: the machines a license's list keeps at most (machines.ts). */
export const MAX_MACHINE_LIMIT = 100;

/**
 * The limit from a setting: undefined (or '') is no limit; a whole number from 1 to MAX_MACHINE_LIMIT
 * (a number, or its digits as text) is the limit; anything else throws, naming the setting.
 */
export function parseMachineLimit(value: unknown, setting = MACHINE_LIMIT_ENV): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const limit = /^\d{1,3}$/.test(text) ? Number(text) : 0;
  if (limit < 1 || limit > MAX_MACHINE_LIMIT) {
    throw new Error(
      `${setting} must be a whole number of machines from 1 to ${MAX_MACHINE_LIMIT}, or unset for no limit`,
    );
  }
  return limit;
}

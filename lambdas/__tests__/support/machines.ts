import { randomBytes } from 'node:crypto';
import type { PublishedKeys } from '../../../desktop-client/state';
import type { MachineInfo } from '../../contracts/machine';

// A desktop installation as validate-license's callers describe it: a random installation id, a name,
// a platform and the application's version.

export const aMachine = (name = 'Test PC', platform: MachineInfo['platform'] = 'windows'): MachineInfo => ({
  id: randomBytes(16).toString('base64url'),
  name,
  platform,
  appVersion: '5.2.0',
});

/**
 * The keys a build of the desktop application for this deployment ships with, in its code: the ones
 * the deployment signs with now (read once, when the test installs it).
 */
export async function shippedKeys(api: string): Promise<PublishedKeys> {
  const res = await fetch(`${api}/license-public-key`);
  if (!res.ok) throw new Error(`license-public-key answered ${res.status}`);
  return { keys: ((await res.json()) as PublishedKeys).keys };
}

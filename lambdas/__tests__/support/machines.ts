import { randomBytes } from 'node:crypto';
import type { MachineInfo } from '../../contracts/machine';

// A desktop installation as validate-license's callers describe it: a random installation id, a name,
// a platform and the application's version.

export const aMachine = (name = 'Test PC', platform: MachineInfo['platform'] = 'windows'): MachineInfo => ({
  id: randomBytes(16).toString('base64url'),
  name,
  platform,
  appVersion: '5.2.0',
});

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describeRefusal } from '../license-client';
import { fileStore, newInstallationId } from '../state';

// The reference client's offline parts: the installation id it keeps, and what it shows when refused.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'desktop-client-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the installation id', () => {
  it('is made once and kept across runs; an unreadable file starts a new installation', async () => {
    const file = path.join(dir, 'app', 'license.json');
    const first = await fileStore(file).read();
    expect(first.installationId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await fileStore(file).read()).installationId).toBe(first.installationId);
    await fileStore(file).write({ ...first, licenseKey: 'K', statement: 'S' });
    expect(await fileStore(file).read()).toEqual({ ...first, licenseKey: 'K', statement: 'S' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ installationId: first.installationId });

    await writeFile(file, '{ not json');
    const fresh = await fileStore(file).read();
    expect(fresh.installationId).not.toBe(first.installationId);
    expect(newInstallationId()).not.toBe(newInstallationId());
  });
});

describe('what the application shows when refused', () => {
  const refused = {
    valid: false as const,
    expiresAt: null,
    renews: false as const,
    tools: [1, 2, 3],
    token: null,
  };

  it('names the computers in use, as many as the refusal lists, and sends the user to Devices', () => {
    const shown = describeRefusal({
      ...refused,
      code: 'MACHINE_LIMIT',
      machines: [
        { name: 'Office PC', platform: 'windows', lastSeen: '2026-11-20T10:00:00.000Z' },
        { name: 'Laptop', platform: 'macos', lastSeen: '2026-11-21T10:00:00.000Z' },
      ],
    });
    expect(shown).toMatchObject({ state: 'refused', code: 'MACHINE_LIMIT', action: 'devices' });
    expect(shown.message).toContain('in use on 2 computers');
    expect(shown.message).toContain('Office PC (last used 2026-11-20), Laptop (last used 2026-11-21)');
  });

  it.each([
    ['MACHINE_SIGNED_OUT', 'sign-in', /signed out of the license from the website/],
    ['SUBSCRIPTION_INACTIVE', 'licenses', /payment .* is overdue/],
    ['EXPIRED', 'licenses', /has ended/],
    ['NOT_FOUND', 'licenses', /not yours/],
  ] as const)('%s: offers %s', (code, action, message) => {
    const shown = describeRefusal({ ...refused, code });
    expect(shown).toMatchObject({ state: 'refused', code, action });
    expect(shown.message).toMatch(message);
  });
});

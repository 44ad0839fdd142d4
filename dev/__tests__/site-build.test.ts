import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BUILD_STAMP_FILE, buildStamp } from '../../src/lib/build-stamp';
import { siteBuiltFor } from '../site-build';

// npm start serves public/ only when the build's own stamp says it was made for this stack.

const local = {
  GATSBY_ENV: 'local',
  GATSBY_COGNITO_ENDPOINT: 'http://127.0.0.1:9229',
  GATSBY_API_BASE: '/api',
};
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'site-build-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html>');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const stamp = (env: Record<string, string>) =>
  writeFile(path.join(dir, BUILD_STAMP_FILE), JSON.stringify(buildStamp(env)));

describe('siteBuiltFor', () => {
  it('accepts a build stamped with the same values', async () => {
    await stamp(local);
    expect(await siteBuiltFor(dir, { ...local, PATH: '/usr/bin' })).toBe(true);
  });

  it('refuses a production build (npm run build: no local Cognito) and one for another stack', async () => {
    await stamp({ GATSBY_ENV: 'production', GATSBY_API_BASE: '/api' });
    expect(await siteBuiltFor(dir, local)).toBe(false);
    await stamp({ ...local, GATSBY_COGNITO_ENDPOINT: 'http://127.0.0.1:41234' });
    expect(await siteBuiltFor(dir, local)).toBe(false);
  });

  it('refuses a build without a stamp (unfinished, or older) and one without pages', async () => {
    expect(await siteBuiltFor(dir, local)).toBe(false);
    await stamp(local);
    await rm(path.join(dir, 'index.html'));
    expect(await siteBuiltFor(dir, local)).toBe(false);
  });
});

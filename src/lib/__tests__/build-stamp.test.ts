/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildStamp, STAMPED_VARIABLES } from '../build-stamp';

describe('buildStamp', () => {
  it('covers every GATSBY_* value the site and account configs read', () => {
    const config = ['config.ts', 'account-config.ts']
      .map((file) => readFileSync(path.join(__dirname, '..', '..', file), 'utf8'))
      .join('\n');
    // GATSBY_BUILD_YEAR is the build's own clock, not a setting: a new year needs no rebuild to start.
    const read = [...config.matchAll(/process\.env\.(GATSBY_\w+)/g)]
      .map((m) => m[1])
      .filter((name) => name !== 'GATSBY_BUILD_YEAR');
    expect(read.length).toBeGreaterThan(5);
    expect([...STAMPED_VARIABLES].sort()).toEqual([...new Set(read)].sort());
  });

  it('differs when any stamped value differs, and ignores the rest', () => {
    const local = { GATSBY_ENV: 'local', GATSBY_COGNITO_ENDPOINT: 'http://127.0.0.1:9229' };
    expect(buildStamp(local)).toEqual(buildStamp({ ...local, GATSBY_TELEMETRY_DISABLED: '1', PATH: '/x' }));
    expect(buildStamp(local)).not.toEqual(buildStamp({ ...local, GATSBY_COGNITO_ENDPOINT: '' }));
    expect(buildStamp(local)).not.toEqual(buildStamp({}));
  });
});

import { execFileSync } from 'node:child_process';
import path from 'node:path';

// The one test layout (docs/testing.md, "Where tests live"): a unit or integration test lives in a `__tests__/` folder
// beside the code it tests; tests of the whole built product (the site's output, browser journeys)
// live in `e2e/`. A test file anywhere else would still run, but nobody would look for it there.

const root = path.join(__dirname, '..', '..');
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);

test('every test file is in a __tests__ folder, or in e2e/ for whole-product tests', () => {
  const tests = tracked.filter((f) => /\.test\.tsx?$/.test(f));
  expect(tests.length).toBeGreaterThan(50);
  const misplaced = tests.filter((f) =>
    f.startsWith('e2e/') ? !/^e2e\/[^/]+\.e2e\.test\.ts$/.test(f) : !f.split('/').includes('__tests__'),
  );
  expect(misplaced).toEqual([]);
});

test('browser and built-site tests (*.e2e.test.ts) live only in e2e/', () => {
  expect(tracked.filter((f) => f.endsWith('.e2e.test.ts') && !f.startsWith('e2e/'))).toEqual([]);
});

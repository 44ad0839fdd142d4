import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HANDLER_BUNDLING } from '../../cdk/lib/handler-bundling';
import { NODE_RUNTIME } from '../../cdk/lib/node-function';

// One Node, the Lambda's: the tests and the local stack run on the Node that package.json installs
// (the `node` package puts it first on every npm script's PATH), which is the functions' runtime, the
// bundles' target, and what @types/node and `engines` describe. Run through `npm test` (or `npx jest`),
// this test fails on any other Node.

const pkg = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const major = (version: string) => /(\d+)/.exec(version)?.[1];
const LAMBDA = major(NODE_RUNTIME.name);

it('the tests run on the Lambda runtime’s Node, installed by npm install', () => {
  expect(NODE_RUNTIME.name).toMatch(/^nodejs\d+\.x$/);
  expect(major(process.version)).toBe(LAMBDA);
  expect(pkg.devDependencies.node).toMatch(/^\d+\.\d+\.\d+$/); // pinned exactly
  expect(major(pkg.devDependencies.node ?? '')).toBe(LAMBDA);
  expect(process.version).toBe(`v${pkg.devDependencies.node}`);
});

it('the bundles’ target, @types/node and engines name the same major', () => {
  expect(HANDLER_BUNDLING.target).toBe(`node${LAMBDA}`);
  expect(major(pkg.devDependencies['@types/node'] ?? '')).toBe(LAMBDA);
  expect(pkg.engines.node).toBe(`${LAMBDA}.x`);
});

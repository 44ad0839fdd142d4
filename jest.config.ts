/**
 * @jest-config-loader-options {"transpileOnly": true}
 */
// Jest loads this file through ts-node; type-checking it there cost each Jest start about 7 CPU-s
// (tsc checks it with the rest of the project).
import type { Config } from 'jest';

// One transform for every project: swc compiles TypeScript, TSX and the ESM-only packages below to
// CommonJS at about a third of babel's CPU on a cold cache (docs/performance.md, "Test time").
// Each file is parsed as what its extension says: TSX only in .tsx, so a `<T>value` cast in .ts parses.
const swc = (parser: { syntax: 'typescript'; tsx: boolean } | { syntax: 'ecmascript'; jsx: boolean }) =>
  ['@swc/jest', { jsc: { parser, target: 'es2022', transform: { react: { runtime: 'automatic' } } } }] as [
    string,
    Record<string, unknown>,
  ];
const transform: Config['transform'] = {
  '^.+\\.tsx$': swc({ syntax: 'typescript', tsx: true }),
  '^.+\\.ts$': swc({ syntax: 'typescript', tsx: false }),
  '^.+\\.(c|m)?jsx?$': swc({ syntax: 'ecmascript', jsx: true }),
};
// `TEST_CPU_LOG=<file> npx jest …`: the CPU each Node-side test file costs (docs/performance.md).
const nodeEnvironment = process.env.TEST_CPU_LOG
  ? '<rootDir>/scripts/test-profile/cpu-environment.ts'
  : 'node';
// The integration tests' environment: one local stack per worker (docs/testing.md). The unit tests
// share those workers, so they run in it too: it keeps the stack's variables out of their environment.
const workerStackEnvironment = '<rootDir>/lambdas/__tests__/support/worker-stack-environment.ts';
const ignore = ['/node_modules/', '/public/', '/.cache/', '/cdk.out/', '/.local/'];
// otplib (tests compute authenticator codes with it) loads two ESM-only packages, and jose 6 is ESM-only;
// Jest here loads CommonJS, so they are compiled like our own code.
const transformIgnorePatterns = ['/node_modules/(?!(@scure/base|@noble/hashes|jose)/)'];

const config: Config = {
  projects: [
    {
      displayName: 'site',
      testEnvironment: 'jsdom',
      // The root (not just src/) so that __mocks__/gatsby.js next to node_modules applies.
      roots: ['<rootDir>'],
      testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
      transform,
      testPathIgnorePatterns: ignore,
      moduleNameMapper: {
        '\\.(css)$': 'identity-obj-proxy',
        '\\.(png|jpg|svg)$': '<rootDir>/__mocks__/file-mock.js',
      },
      setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
      globals: { __PATH_PREFIX__: '' },
    },
    {
      // Pure logic and build checks; no emulator needed.
      displayName: 'node',
      testEnvironment: workerStackEnvironment,
      roots: [
        '<rootDir>/__tests__',
        '<rootDir>/lambdas',
        '<rootDir>/dev',
        '<rootDir>/cdk',
        '<rootDir>/scripts',
        '<rootDir>/desktop-client',
        '<rootDir>/bench',
      ],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: [...ignore, '\\.int\\.test\\.ts$'],
      transform,
      transformIgnorePatterns,
      setupFilesAfterEnv: ['<rootDir>/jest.setup-node.ts'],
    },
    {
      // Tests that start the local emulators (dynalite, cognito-local, the Stripe emulator).
      displayName: 'integration',
      testEnvironment: workerStackEnvironment,
      roots: ['<rootDir>/lambdas', '<rootDir>/dev', '<rootDir>/scripts'],
      testMatch: ['**/*.int.test.ts'],
      testPathIgnorePatterns: ignore,
      transform,
      transformIgnorePatterns,
      setupFilesAfterEnv: ['<rootDir>/jest.setup-slow.ts'],
    },
    {
      // Checks of the built site (public/) and browser tests in Chromium against the local stack; run by
      // e2e/run.ts, which starts the stack, builds the site and sets E2E_SITE_URL and E2E_STACK_DIR.
      displayName: 'e2e',
      testEnvironment: nodeEnvironment,
      roots: ['<rootDir>/e2e'],
      testMatch: ['**/*.e2e.test.ts'],
      transform,
      transformIgnorePatterns,
      setupFilesAfterEnv: ['<rootDir>/e2e/jest.setup.ts'],
    },
  ],
};

export default config;

import type { Config } from 'jest';

// One babel transform for every project: TypeScript and JSX through babel-preset-gatsby.
const transform: Config['transform'] = {
  '^.+\\.[jt]sx?$': ['babel-jest', { presets: ['babel-preset-gatsby', '@babel/preset-typescript'] }],
};
const ignore = ['/node_modules/', '/public/', '/.cache/', '/cdk.out/', '/.local/'];

const config: Config = {
  projects: [
    {
      displayName: 'site',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src'],
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
      testEnvironment: 'node',
      roots: ['<rootDir>/lambdas', '<rootDir>/dev', '<rootDir>/cdk', '<rootDir>/scripts', '<rootDir>/tests'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: [...ignore, '\\.int\\.test\\.ts$'],
      transform,
    },
    {
      // Tests that start the local emulators (dynalite, cognito-local, the Stripe emulator).
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/lambdas', '<rootDir>/dev', '<rootDir>/tests'],
      testMatch: ['**/*.int.test.ts'],
      testPathIgnorePatterns: ignore,
      transform,
      testTimeout: 60000,
    },
  ],
};

export default config;

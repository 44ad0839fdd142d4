// Integration and browser tests start emulators or Chromium: Jest's 5 s default is too short for them.
// (testTimeout is a global option in Jest 30 and ignored inside a project, hence this setup file.)
jest.setTimeout(120_000);

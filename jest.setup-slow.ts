// Integration and browser tests start emulators or Chromium: Jest's 5 s default is too short for them.
// (testTimeout is a global option in Jest 30 and ignored inside a project, hence this setup file.)
jest.setTimeout(120_000);
// The local stack's functions log only errors in a test run (handler-env.ts passes the level on); their
// INFO and WARN lines are for `npm start` and AWS. A test that reads log lines sets the level it needs.
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
// Their stack traces unmapped: the same behaviour at a fifth less CPU (dev/handler-source-maps.ts).
process.env.HANDLER_SOURCE_MAPS ??= 'off';

// Integration tests start emulators and wait on what a client sees, never on a clock: every wait in them
// ends when the awaited answer comes or its process dies (dev/ports.ts waitForProcess). Jest's limit is
// only a guard against a hang, so it is long enough for a machine kept busy by other work (a stack
// started beside a parallel site build took over 60 s), and no test or hook sets a shorter one.
// (testTimeout is a global option in Jest 30 and ignored inside a project, hence this setup file.)
jest.setTimeout(600_000);
// The local stack's functions log only errors in a test run (handler-env.ts passes the level on); their
// INFO and WARN lines are for `npm start` and AWS. A test that reads log lines sets the level it needs.
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
// Their stack traces unmapped: the same behaviour at a fifth less CPU (dev/handler-source-maps.ts).
process.env.HANDLER_SOURCE_MAPS ??= 'off';

// Node-side unit tests (pure logic, CDK synthesis in process, build checks) run in well under a second
// alone; `npm test` runs them beside the browser tests on two cores, where a CDK synthesis can wait
// several seconds for a core. Jest's 5 s default would fail a test that is only waiting its turn.
// (testTimeout is a global option in Jest 30 and ignored inside a project, hence this setup file.)
jest.setTimeout(30_000);

// Whether the local functions map their stack traces through the bundles' source maps, as Lambda does
// with the NODE_OPTIONS=--enable-source-maps CDK gives every function (cdk/lib/node-function.ts).
//
// On by default (`npm start`, the smoke test). The test runners turn it off with
// HANDLER_SOURCE_MAPS=off: the stripe SDK formats a stack trace at every request (to name the caller
// in its errors), and with source maps on, each function's first Stripe call parses its bundle's whole
// map (~200 ms of CPU). Over the integration tests' ~900 cold starts that was ~80 of their ~390 CPU
// seconds (docs/performance.md). Only the text of stack traces differs; set HANDLER_SOURCE_MAPS=on
// to read mapped traces while debugging a test.

export const handlerSourceMaps = (): boolean => process.env.HANDLER_SOURCE_MAPS !== 'off';

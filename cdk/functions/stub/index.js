// Test stand-in for a bundled handler (see CodeMode 'stub' in cdk/lib/node-function.ts). Never deployed.
exports.handler = async () => ({ statusCode: 503, body: 'stub' });

// Test handler for dev/__tests__/api-server.test.ts: answers with what its Lambda-like environment holds, and logs.
export const handler = async (): Promise<Record<string, unknown>> => {
  console.log('env handler says hi', { n: 1 });
  console.error('env handler warns');
  console.log(JSON.stringify({ level: 'error', msg: 'a line of its own' }));
  console.debug('below the log level');
  process.stdout.write(`${JSON.stringify({ level: 'ERROR', message: 'a logger line' })}\n`);
  const pick = (name: string) => process.env[name] ?? null;
  return {
    API_TEST_VALUE: pick('API_TEST_VALUE'),
    AWS_ACCESS_KEY_ID: pick('AWS_ACCESS_KEY_ID'),
    AWS_SECRET_ACCESS_KEY: pick('AWS_SECRET_ACCESS_KEY'),
    AWS_SESSION_TOKEN: pick('AWS_SESSION_TOKEN'),
    AWS_LAMBDA_FUNCTION_NAME: pick('AWS_LAMBDA_FUNCTION_NAME'),
    PARENT_ONLY: pick('PARENT_ONLY'),
    // Where the module runs from: the bundle, not this file.
    file: __filename,
  };
};

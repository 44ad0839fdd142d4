// Test handler for dev/api-server.test.ts: fails as a broken Lambda would.
export const handler = async (): Promise<never> => {
  throw new Error('boom');
};

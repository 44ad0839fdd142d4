// Test handler for dev/__tests__/api-server.test.ts: fails as a broken Lambda would.
export const handler = async (): Promise<never> => {
  throw new Error('boom');
};

import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

// Test handler for dev/__tests__/api-server.test.ts: answers with the event it received.
export const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => ({
  statusCode: 201,
  headers: { 'content-type': 'application/json', 'x-handler': 'echo' },
  cookies: ['a=1; Path=/', 'b=2; Path=/'],
  body: JSON.stringify(event),
});

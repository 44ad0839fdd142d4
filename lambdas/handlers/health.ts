import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

// Liveness only: no dependency is touched, so a health check never costs a DynamoDB or Stripe call.
export const handler = async (): Promise<APIGatewayProxyStructuredResultV2> => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  body: JSON.stringify({ status: 'ok' }),
});

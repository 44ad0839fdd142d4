import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** One JSON line per call so CloudWatch Logs Insights can filter by requestId and route. */
export function log(
  level: 'info' | 'warn' | 'error',
  msg: string,
  event: Pick<APIGatewayProxyEventV2, 'requestContext'>,
  extra: Record<string, unknown> = {},
): void {
  const http = event.requestContext?.http;
  const line = JSON.stringify({
    level,
    msg,
    requestId: event.requestContext?.requestId,
    method: http?.method,
    path: http?.path,
    ...extra,
  });
  if (level === 'error') console.error(line);
  else console.log(line);
}

import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

// One JSON line per call through Powertools for AWS Lambda's Logger, so CloudWatch Logs Insights can
// filter by requestId and route, and the metric filters (cdk/lib/monitoring.ts) can match `level` and
// `message` at the top of the line. The Logger writes its JSON to stdout itself, past the runtime's
// console, so Lambda's JSON log format keeps the line as it is (a console.log of our own JSON would
// become the runtime's `message` string) and its log-level filter reads this `level`
// (docs: Lambda, "Log-level filtering"; the local runner writes console lines as the runtime does).

const logger = new Logger({ serviceName: 'stockbench' });

export type LogLevel = 'info' | 'warn' | 'error';

export function log(
  level: LogLevel,
  msg: string,
  event: Pick<APIGatewayProxyEventV2, 'requestContext'>,
  extra: Record<string, unknown> = {},
): void {
  const http = event.requestContext?.http;
  logger[level](msg, {
    requestId: event.requestContext?.requestId,
    method: http?.method,
    path: http?.path,
    ...extra,
  });
}

/** A line that belongs to no request (a scheduled job's summary). */
export function logLine(level: LogLevel, msg: string, extra: Record<string, unknown> = {}): void {
  logger[level](msg, extra);
}

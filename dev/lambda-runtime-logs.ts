// How the Lambda Node.js runtime writes a function's logs with the JSON log format (cdk/lib/node-function.ts
// sets it), for the local runners (api-server.ts, run-job.ts) to write the same lines: console calls become
// {"timestamp","level","requestId","message"} (one argument: the message as given, an Error as
// {errorType, errorMessage, stackTrace}; more: util.format of them all, plus the first Error's fields),
// below the function's log level (INFO) nothing, and a handler that throws adds one ERROR line with its
// error. Text written to stdout or stderr directly (the logger of lambdas/lib/log.ts) stays as it is.
// Source: aws-lambda-nodejs-runtime-interface-client, src/logging/formatter.ts and log-patch.ts.
//
// Plain JavaScript, evaluated inside each function's worker thread before its bundle loads; it defines
// `runtimeLogs.invoke(requestId, fn)` and sends every line to the parent as { type: 'log', stream, line }.

export const RUNTIME_LOGS_SOURCE = `
const runtimeLogs = (() => {
  const { AsyncLocalStorage } = require('node:async_hooks');
  const { format } = require('node:util');
  const invocation = new AsyncLocalStorage();
  for (const name of ['stdout', 'stderr']) {
    let buffered = '';
    process[name].write = (chunk, encoding, callback) => {
      buffered += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      let end;
      while ((end = buffered.indexOf('\\n')) >= 0) {
        parentPort.postMessage({ type: 'log', stream: name, line: buffered.slice(0, end) });
        buffered = buffered.slice(end + 1);
      }
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') done();
      return true;
    };
  }
  const errorFields = (error) => ({
    errorType: error?.constructor?.name ?? 'UnknownError',
    errorMessage: error.message,
    stackTrace: typeof error.stack === 'string' ? error.stack.split('\\n') : [],
  });
  const replacer = (_key, value) => (value instanceof Error ? Object.assign(errorFields(value), value) : value);
  const line = (level, message, params) => {
    const result = { timestamp: new Date().toISOString(), level, requestId: invocation.getStore() ?? '' };
    if (params.length === 0) {
      result.message = message;
      try {
        return JSON.stringify(result, replacer);
      } catch {
        result.message = format(result.message);
        return JSON.stringify(result);
      }
    }
    result.message = format(message, ...params);
    const error = params.find((p) => p instanceof Error);
    return JSON.stringify(error ? { ...result, ...errorFields(error) } : result);
  };
  // The function's application log level is INFO: TRACE and DEBUG are dropped, as Lambda drops them.
  const levels = { trace: null, debug: null, info: 'INFO', log: 'INFO', warn: 'WARN', error: 'ERROR' };
  for (const [method, level] of Object.entries(levels)) {
    console[method] = level
      ? (message, ...params) => process.stdout.write(line(level, message, params).replace(/\\n/g, '\\r') + '\\n')
      : () => undefined;
  }
  return {
    invoke: (requestId, fn) =>
      invocation.run(requestId, async () => {
        try {
          return await fn();
        } catch (error) {
          console.error(error instanceof Error ? error : new Error(String(error)));
          throw error;
        }
      }),
  };
})();
`;

/** The level of a runtime-format or logger line ('INFO' when it has none), for printing it locally. */
export function levelOf(line: string): string {
  try {
    const level = (JSON.parse(line) as { level?: unknown }).level;
    return typeof level === 'string' ? level.toUpperCase() : 'INFO';
  } catch {
    return 'INFO';
  }
}

/** Where a function's log lines go: this process's console, by level, unless a sink is given. */
export function printLogLine(line: string): void {
  const level = levelOf(line);
  if (level === 'ERROR' || level === 'FATAL') console.error(line);
  else if (level === 'WARN') console.warn(line);
  else console.log(line);
}

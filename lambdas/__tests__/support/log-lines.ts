// What a handler logs, as Lambda receives it: the JSON lines written to stdout and stderr (the logger,
// lambdas/lib/log.ts, writes there itself, past the console), parsed, while the capture lasts.

export interface LogCapture {
  /** Every line written since the capture began, parsed (a line that is not JSON is kept as text). */
  lines(): Record<string, unknown>[];
  /** The lines of one level ('INFO', 'WARN', 'ERROR'). */
  at(level: string): Record<string, unknown>[];
  restore(): void;
}

export function captureLogs(): LogCapture {
  const written: string[] = [];
  const spies = [process.stdout, process.stderr].map((stream) =>
    jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }),
  );
  const lines = () =>
    written
      .join('')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          return { text: line };
        }
      });
  return {
    lines,
    at: (level) => lines().filter((line) => line.level === level),
    restore: () => spies.forEach((spy) => spy.mockRestore()),
  };
}

// What a preflight check found: `ok`, a `warn`ing the deploy goes on with, or a `fail`ure that stops it
// before anything is created. Every warning and failure names its fix.

export interface Finding {
  check: string;
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  /** What the operator does about it (warn and fail only). */
  fix?: string;
}

export const ok = (check: string, detail: string): Finding => ({ check, status: 'ok', detail });
export const warn = (check: string, detail: string, fix: string): Finding => ({
  check,
  status: 'warn',
  detail,
  fix,
});
export const fail = (check: string, detail: string, fix: string): Finding => ({
  check,
  status: 'fail',
  detail,
  fix,
});

/** One line per finding, with its fix below a warning or failure. */
export function describeFindings(findings: readonly Finding[]): string {
  const mark = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' } as const;
  return findings
    .map((f) => `${mark[f.status]} ${f.check}: ${f.detail}${f.fix ? `\n     fix: ${f.fix}` : ''}`)
    .join('\n');
}

export class PreflightFailed extends Error {
  constructor(readonly findings: readonly Finding[]) {
    super(
      `The deploy stopped before creating anything it could not finish:\n${describeFindings(
        findings.filter((f) => f.status !== 'ok'),
      )}`,
    );
    this.name = 'PreflightFailed';
  }
}

/** Throws PreflightFailed when any finding failed. */
export function assertPassed(findings: readonly Finding[]): void {
  if (findings.some((f) => f.status === 'fail')) throw new PreflightFailed(findings);
}

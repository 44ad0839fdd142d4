// One printed line per check: `ok   <check>[: detail]` or `FAIL <check>: <why>`, then a summary.

class SmokeFailure extends Error {}

/** Thrown by a check: its message is the line's reason. */
export const fail = (why: string): never => {
  throw new SmokeFailure(why);
};

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
  /** Not run, and so proves nothing; it does not fail the run. */
  skipped?: boolean;
}

export class Report {
  readonly results: CheckResult[] = [];

  constructor(private readonly print: (line: string) => void = (line) => console.log(line)) {}

  ok(name: string, detail = ''): void {
    this.results.push({ name, ok: true, detail });
    this.print(`ok   ${name}${detail ? `: ${detail}` : ''}`);
  }

  /** A check that cannot run here: said, never counted as passed. */
  skip(name: string, why: string): void {
    this.results.push({ name, ok: true, detail: why, skipped: true });
    this.print(`skip ${name}: ${why}`);
  }

  fail(name: string, why: string): void {
    this.results.push({ name, ok: false, detail: why });
    this.print(`FAIL ${name}: ${why}`);
  }

  /** Runs one check; its answer (a detail, or undefined) makes the ok line, a throw the FAIL line. */
  async check(name: string, run: () => Promise<string | undefined>): Promise<boolean> {
    try {
      const detail = await run();
      this.ok(name, detail ?? '');
      return true;
    } catch (err) {
      this.fail(name, reason(err));
      return false;
    }
  }

  get failed(): number {
    return this.results.filter((r) => !r.ok).length;
  }

  summary(target: string): string {
    const skipped = this.results.filter((r) => r.skipped).length;
    const passed = this.results.length - this.failed - skipped;
    const skips = skipped ? `, ${skipped} skipped` : '';
    return this.failed === 0
      ? `smoke: all ${passed} checks passed${skips} (${target})`
      : `smoke: ${this.failed} of ${this.results.length} checks FAILED, ${passed} passed${skips} (${target})`;
  }
}

/** A thrown value as one line. */
export function reason(err: unknown): string {
  if (err instanceof SmokeFailure) return err.message;
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
    return `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}${cause}`;
  }
  return String(err);
}

import type fc from 'fast-check';
import type { License, Model } from './model';
import { checkAll } from './invariants';
import type { World } from './world';

// One step of a run: what an actor does (act), then every invariant against the model (invariants.ts).
// A failure names the command, the requests it sent and the model's state.

/** A known product defect: a command, in a state, that the run leaves out until the fix is merged. */
export interface Exclusion {
  name: string;
  matches(c: Cmd, m: Readonly<Model>): boolean;
}

const excluded: Exclusion[] = [];
/** The exclusions of the runs that follow (none unless asked). */
export function exclude(xs: readonly Exclusion[]): void {
  excluded.splice(0, excluded.length, ...xs);
}

export abstract class Cmd implements fc.AsyncCommand<Model, World> {
  abstract readonly name: string;
  /** Whether the command makes sense in the model's state. */
  abstract allowed(m: Readonly<Model>): boolean;

  check(m: Readonly<Model>): boolean {
    return this.allowed(m) && !excluded.some((x) => x.matches(this, m));
  }
  protected abstract act(m: Model, w: World): Promise<void>;
  protected abstract args(): string;

  async run(m: Model, w: World): Promise<void> {
    w.log = [];
    const started = Date.now();
    try {
      await this.act(m, w);
      await w.settle();
      await checkAll(m, w);
      w.trace(`${this.toString()} (${Date.now() - started} ms): ${m.describe()}`);
    } catch (err) {
      w.trace(`${this.toString()} FAILED (${Date.now() - started} ms)`);
      const msg = err instanceof Error ? err.message : String(err);
      throw new Error(
        `${this.toString()}: ${msg}\n  requests: ${w.log.join('; ')}\n  model: ${m.describe()}`,
      );
    }
  }

  toString(): string {
    const a = this.args();
    return a ? `${this.name}(${a})` : this.name;
  }
}

/** The i-th of `xs`, wrapping around (a command draws an index before it knows how many there are). */
export const nth = <T>(xs: readonly T[], i: number): T => xs[i % xs.length] as T;

/** `n` of `xs` (at least one, at most all), starting at the i-th. */
export function some(xs: readonly License[], i: number, n: number): License[] {
  const k = 1 + (n % xs.length);
  return Array.from({ length: k }, (_, j) => nth(xs, i + j));
}

export function expectThat(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

/**
 * Counts the requests a local service is still handling, so that a stack which stops can wait for
 * them: no handler is cut off halfway (its emulators gone) and none logs after its caller finished.
 */
export interface InFlight {
  /** Runs `work`, counted until it settles. */
  track<T>(work: Promise<T>): Promise<T>;
  /** Resolves once nothing is in flight. */
  idle(): Promise<void>;
}

export function inFlight(): InFlight {
  let count = 0;
  let waiters: (() => void)[] = [];
  return {
    track: (work) => {
      count += 1;
      return work.finally(() => {
        count -= 1;
        if (count > 0) return;
        for (const resolve of waiters) resolve();
        waiters = [];
      });
    },
    idle: () => (count === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}

import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A submit button's lock: taken on click, held while the request runs and for at least `delayMs`
 * after the click (callers pass 100 to 500 ms), so the button visibly reacts even to a fast answer. A second click while locked does nothing, so a double
 * click never sends twice.
 */
export function useSubmitGuard(delayMs: number): {
  busy: boolean;
  run: (task: () => Promise<void>) => Promise<void>;
} {
  const locked = useRef(false);
  const mounted = useRef(true);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (task: () => Promise<void>) => {
      if (locked.current) return;
      locked.current = true;
      setBusy(true);
      const started = Date.now();
      try {
        await task();
      } finally {
        setTimeout(
          () => {
            locked.current = false;
            if (mounted.current) setBusy(false);
          },
          Math.max(0, delayMs - (Date.now() - started)),
        );
      }
    },
    [delayMs],
  );

  return { busy, run };
}

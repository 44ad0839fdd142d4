import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/** False while rendering static HTML and hydrating, true after: for output that depends on the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

import { useCallback, useSyncExternalStore } from 'react';

// The keyword lives in the URL (?q=) so a filtered list can be shared. The URL is the store: the static
// HTML (server snapshot) shows the whole list and hydration then picks up the query string.
const CHANGE_EVENT = 'querychange';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

export function useQueryFilter(param = 'q'): [string, (value: string) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => new URLSearchParams(window.location.search).get(param) ?? '',
    () => '',
  );

  const update = useCallback(
    (next: string) => {
      const url = new URL(window.location.href);
      if (next) url.searchParams.set(param, next);
      else url.searchParams.delete(param);
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [param],
  );

  return [value, update];
}

import { useEffect } from 'react';

// How long to wait for the anchored element to appear (the spec's focus observer time-out).
const ANCHOR_TIMEOUT_MS = 10000;

/**
 * After "Back to List" (/tools#T5) the entry is scrolled into view and focused, so keyboard and screen
 * reader users land where they left. Waits for the element if the list renders late.
 */
export function useAnchorFocus(hash: string) {
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    const focus = (el: HTMLElement) => {
      el.scrollIntoView({ block: 'start' });
      el.focus({ preventScroll: true });
    };
    const found = document.getElementById(id);
    if (found) {
      focus(found);
      return;
    }
    const observer = new MutationObserver(() => {
      const el = document.getElementById(id);
      if (el) {
        observer.disconnect();
        focus(el);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), ANCHOR_TIMEOUT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [hash]);
}

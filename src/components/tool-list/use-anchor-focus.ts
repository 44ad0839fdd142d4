import { useEffect } from 'react';

// How long to wait for the anchored element to appear before giving up on focusing it.
const ANCHOR_TIMEOUT_MS = 10000;

/**
 * After "Back to List" (/tools#T5) the entry is scrolled into view and focused, so keyboard and screen
 * reader users land where they left. Waits for the element if the list renders late.
 */
export function useAnchorFocus(hash: string) {
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    let timer = 0;
    // The router focuses its page wrapper in an effect of its own that runs after this one: focusing on
    // the next task keeps the entry focused instead of the wrapper.
    const focus = (el: HTMLElement) => {
      timer = window.setTimeout(() => {
        el.scrollIntoView({ block: 'start' });
        el.focus({ preventScroll: true });
      }, 0);
    };
    const found = document.getElementById(id);
    if (found) {
      focus(found);
      return () => window.clearTimeout(timer);
    }
    const observer = new MutationObserver(() => {
      const el = document.getElementById(id);
      if (el) {
        observer.disconnect();
        focus(el);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = window.setTimeout(() => observer.disconnect(), ANCHOR_TIMEOUT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
      window.clearTimeout(timer);
    };
  }, [hash]);
}

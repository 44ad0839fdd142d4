import { useEffect } from 'react';

/**
 * Opens the <details> a link's #anchor names (or the one around it), on arrival and whenever the
 * anchor changes, and brings it into view: a closed disclosure would hide the answer the link is for.
 */
export function useOpenAnchoredDetails(): void {
  useEffect(() => {
    const open = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      const details = target?.closest('details');
      if (!details || details.open) return;
      details.open = true;
      details.scrollIntoView({ block: 'start' });
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);
}

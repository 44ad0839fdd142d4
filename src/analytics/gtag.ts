import { siteConfig } from '../config';
import { analyticsEnabled } from './enabled';

// GA4 through gtag.js, only when GATSBY_ANALYTICS_ENABLED is 'true' and an id is set. The queue
// (dataLayer + gtag) is defined here rather than in an inline script; gtag.js drains it when it loads.

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** `href` without its query string and hash: all analytics may see of an address. */
export function withoutQuery(href: string): string {
  try {
    const url = new URL(href);
    return `${url.origin}${url.pathname}`;
  } catch {
    return href.split(/[?#]/)[0] ?? '';
  }
}

export function gtag(...args: unknown[]): void {
  if (!analyticsEnabled() || typeof window === 'undefined') return;
  if (!window.gtag) {
    window.dataLayer = window.dataLayer ?? [];
    const layer = window.dataLayer;
    window.gtag = function gtagQueue() {
      // gtag.js reads the arguments object itself, as Google's snippet does.
      // eslint-disable-next-line prefer-rest-params
      layer.push(arguments);
    };
    window.gtag('js', new Date());
    // Addresses without their query string for every event (gtag.js would read document.location and
    // document.referrer itself): links carry codes, client secrets and email addresses there. Set
    // globally (not in config, whose values would outrank the per-page `set` of trackPageView).
    window.gtag('set', {
      page_location: withoutQuery(window.location.href),
      page_referrer: document.referrer ? withoutQuery(document.referrer) : '',
    });
    window.gtag('config', siteConfig.analytics.id, { send_page_view: false });
  }
  window.gtag(...args);
}

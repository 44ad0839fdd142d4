import { gtag, withoutQuery } from './gtag';

/** A named event, e.g. clicked_add_license. */
export function trackEvent(name: string, params: Record<string, string | number | boolean> = {}): void {
  gtag('event', name, params);
}

/**
 * A page view, sent on every route change (Gatsby's onRouteUpdate): the path only, never the query
 * string or hash (links carry codes, client secrets and addresses there), for this event and, through
 * `set`, for the events that follow on the page (web vitals, clicked_add_license).
 */
export function trackPageView(location: Pick<Location, 'pathname' | 'href'>): void {
  const pageLocation = withoutQuery(location.href);
  gtag('set', { page_location: pageLocation });
  gtag('event', 'page_view', {
    page_path: location.pathname,
    page_location: pageLocation,
    page_title: typeof document === 'undefined' ? '' : document.title,
  });
}

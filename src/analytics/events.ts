import { gtag } from './gtag';

/** A named event, e.g. the spec's clicked_add_license. */
export function trackEvent(name: string, params: Record<string, string | number | boolean> = {}): void {
  gtag('event', name, params);
}

/** A page view, sent on every route change (Gatsby's onRouteUpdate). */
export function trackPageView(location: Pick<Location, 'pathname' | 'search' | 'href'>): void {
  gtag('event', 'page_view', {
    page_path: location.pathname + location.search,
    page_location: location.href,
    page_title: typeof document === 'undefined' ? '' : document.title,
  });
}

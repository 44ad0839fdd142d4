import './src/styles/global.css';
import type { GatsbyBrowser } from 'gatsby';
import { analyticsEnabled } from './src/analytics/enabled';
import { reloadOnUnhandledChunkError } from './src/components/error-screen/chunk-reload';

export { wrapPageElement } from './src/components/wrap-page';
export { wrapRootElement } from './src/components/wrap-root';

// Analytics (off unless GATSBY_ANALYTICS_ENABLED): a page view per route change, web vitals once. Its
// code is a chunk of its own, loaded only when analytics is on, so a first visit's scripts stay light.
export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = ({ location }) => {
  if (!analyticsEnabled()) return;
  void import('./src/analytics/events').then(({ trackPageView }) => trackPageView(location));
};
export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  if (analyticsEnabled()) void import('./src/analytics/web-vitals').then((m) => m.reportWebVitals());
  reloadOnUnhandledChunkError();
};
// Codes, client secrets and addresses leave the address bar once Gatsby has rendered the page (the
// page reads and removes them in its first render; this covers any page that does not). Not on client
// entry: Gatsby's loader keys the first page by the address it starts with, and changing it before the
// first render crashed every page opened with such a link. Analytics sends paths only either way.
// Only an address with a query string can carry one, so the code that takes them loads only then.
export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => {
  if (window.location.search) void import('./src/lib/url-secrets').then((m) => m.stashUrlSecrets());
};

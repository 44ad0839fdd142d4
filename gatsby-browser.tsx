import './src/styles/global.css';
import type { GatsbyBrowser } from 'gatsby';
import { trackPageView } from './src/analytics/events';
import { reportWebVitals } from './src/analytics/web-vitals';
import { reloadOnUnhandledChunkError } from './src/components/error-screen/chunk-reload';
import { stashUrlSecrets } from './src/lib/url-secrets';

export { wrapPageElement } from './src/components/wrap-page';
export { wrapRootElement } from './src/components/wrap-root';

// Analytics (off unless GATSBY_ANALYTICS_ENABLED): a page view per route change, web vitals once.
export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = ({ location }) => trackPageView(location);
export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  reportWebVitals();
  reloadOnUnhandledChunkError();
};
// Codes, client secrets and addresses leave the address bar once Gatsby has rendered the page (the
// page reads and removes them in its first render; this covers any page that does not). Not on client
// entry: Gatsby's loader keys the first page by the address it starts with, and changing it before the
// first render crashed every page opened with such a link. Analytics sends paths only either way.
export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => {
  stashUrlSecrets();
};

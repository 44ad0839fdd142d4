import './src/styles/global.css';
import type { GatsbyBrowser } from 'gatsby';
import { trackPageView } from './src/analytics/events';
import { reportWebVitals } from './src/analytics/web-vitals';
import { stashUrlSecrets } from './src/lib/url-secrets';

export { wrapPageElement } from './src/components/wrap-page';

// Analytics (off unless GATSBY_ANALYTICS_ENABLED): a page view per route change, web vitals once.
export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = ({ location }) => trackPageView(location);
export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  // Codes, client secrets and addresses leave the address bar before anything else runs.
  stashUrlSecrets();
  reportWebVitals();
};

import { siteConfig } from '../config';

/**
 * GA4 is on when GATSBY_ANALYTICS_ENABLED is 'true' and an id is set. A module of its own so that the
 * first-visit scripts can ask without carrying the analytics code (gatsby-browser loads it when on).
 */
export const analyticsEnabled = (): boolean => siteConfig.analytics.enabled && !!siteConfig.analytics.id;

import { graphql, useStaticQuery } from 'gatsby';
import { siteConfig } from '../config';
import type { SiteFacts } from './placeholders';

interface SiteFactsData {
  site: { toolCount: number };
}

/** The facts content refers to: the support email from the site config, the counts from the tool data. */
export function useSiteFacts(): SiteFacts {
  // Site.toolCount is resolved in gatsby-node from the tools, hidden ones left out.
  const data = useStaticQuery<SiteFactsData>(graphql`
    query SiteFacts {
      site {
        toolCount
      }
    }
  `);
  return {
    supportEmail: siteConfig.supportEmail,
    toolCount: data.site.toolCount,
    freeToolCount: siteConfig.freeToolCount,
  };
}

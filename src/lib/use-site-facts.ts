import { graphql, useStaticQuery } from 'gatsby';
import { siteConfig } from '../config';
import { licenseFacts } from './license-terms';
import { present } from './query-data';
import type { SiteFacts } from './placeholders';

/**
 * The facts content refers to: the support email and the license's terms from the site config, the
 * counts from the tool data.
 */
export function useSiteFacts(): SiteFacts {
  // Site.toolCount is resolved in gatsby-node from the tools, hidden ones left out.
  const data = useStaticQuery<Queries.SiteFactsQuery>(graphql`
    query SiteFacts {
      site {
        toolCount
      }
    }
  `);
  return {
    supportEmail: siteConfig.supportEmail,
    toolCount: present(data.site?.toolCount, 'the site'),
    freeToolCount: siteConfig.freeToolCount,
    ...licenseFacts(siteConfig),
  };
}

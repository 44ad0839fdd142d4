import type { GatsbyConfig } from 'gatsby';
import path from 'node:path';

// The footer's copyright year is the year of the build (src/config.ts): Gatsby inlines GATSBY_* values
// set before it makes its webpack configurations.
process.env.GATSBY_BUILD_YEAR ??= String(new Date().getUTCFullYear());

const siteUrl = (process.env.GATSBY_SITE_URL ?? 'https://stockbench.app').replace(/\/$/, '');

// Account pages render on the client only and carry no content worth indexing.
export const accountPaths = [
  '/sign-in',
  '/sign-up',
  '/must-verify-email',
  '/reset-password',
  '/auth',
  '/profile',
  '/licenses',
  '/checkout',
  '/update-card',
];

const config: GatsbyConfig = {
  // Pages take their title and description from src/components/seo; the sitemap needs siteUrl.
  siteMetadata: { siteUrl },
  trailingSlash: 'ignore',
  // Query result types (namespace Queries) are generated into src/gatsby-types.d.ts on every build and
  // committed, so tsc passes on a clean clone before any build. The build hooks' own queries live in gatsby/.
  graphqlTypegen: {
    generateOnBuild: true,
    documentSearchPaths: ['./gatsby/*.ts', './plugins/**/gatsby-node.ts'],
  },
  plugins: [
    'gatsby-plugin-image',
    'gatsby-plugin-sharp',
    'gatsby-transformer-sharp',
    'gatsby-transformer-yaml',
    {
      resolve: 'gatsby-source-filesystem',
      options: {
        name: 'content',
        path: path.join(__dirname, 'content'),
        // images/tools/sized: the screenshots' WebP sizes, published by the build itself (gatsby-node.ts).
        ignore: ['**/README.md', '**/TOOLS-PLAN.md', '**/images/tools/sized/**'],
      },
    },
    {
      resolve: 'gatsby-transformer-remark',
      options: { plugins: ['gatsby-remark-heading-ids', 'gatsby-remark-focusable-code'] },
    },
    {
      resolve: 'gatsby-plugin-sitemap',
      options: {
        // /home duplicates / (its canonical link points there).
        excludes: [...accountPaths, '/home', '/404', '/404.html', '/dev-404-page'],
      },
    },
  ],
};

export default config;

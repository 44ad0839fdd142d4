// Every public route of the spec that is not generated from content/ (tools and articles are added from the
// JSON feeds the build emits).
export const staticPublicRoutes = [
  '/',
  '/home',
  '/tools',
  '/user-imports',
  '/quickstart',
  '/download',
  '/pricing',
  '/contact-us',
  '/faq',
  '/blog',
  '/privacy',
  '/terms',
  '/changelog',
] as const;

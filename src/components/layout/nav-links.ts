// The spec's top navigation, in its order, and the footer's links by column (the spec's footer links
// all appear: FAQ, Privacy, Terms, Changelog, Pricing, Contact Us, Download, Blog).
export const topNavLinks = [
  { to: '/', label: 'Home' },
  { to: '/tools', label: 'Tools' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/quickstart', label: 'Quickstart' },
  { to: '/download', label: 'Download' },
] as const;

export const footerColumns = [
  {
    heading: 'Product',
    links: [
      { to: '/tools', label: 'Tools' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/download', label: 'Download' },
      { to: '/changelog', label: 'Changelog' },
    ],
  },
  {
    heading: 'Learn',
    links: [
      { to: '/quickstart', label: 'Quickstart' },
      { to: '/user-imports', label: 'User Imports' },
      { to: '/blog', label: 'Blog' },
      { to: '/faq', label: 'FAQ' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { to: '/contact-us', label: 'Contact Us' },
      { to: '/privacy', label: 'Privacy' },
      { to: '/terms', label: 'Terms' },
    ],
  },
] as const;

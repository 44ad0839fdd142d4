// The spec's top navigation and footer, in its order.
export const topNavLinks = [
  { to: '/', label: 'Home' },
  { to: '/tools', label: 'Tools' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/quickstart', label: 'Quickstart' },
  { to: '/download', label: 'Download' },
] as const;

export const footerLinks = [
  { to: '/faq', label: 'FAQ' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/changelog', label: 'Changelog' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/download', label: 'Download' },
  { to: '/blog', label: 'Blog' },
] as const;

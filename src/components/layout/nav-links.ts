// The spec's top navigation, in its order.
export const topNavLinks = [
  { to: '/', label: 'Home' },
  { to: '/tools', label: 'Tools' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/quickstart', label: 'Quickstart' },
  { to: '/download', label: 'Download' },
] as const;

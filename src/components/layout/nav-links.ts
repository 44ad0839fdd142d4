// The top navigation, in the order every page shows it.
export const topNavLinks = [
  { to: '/', label: 'Home' },
  { to: '/tools', label: 'Tools' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/quickstart', label: 'Quickstart' },
  { to: '/download', label: 'Download' },
] as const;

import React from 'react';
import { render } from '@testing-library/react';
import { Script } from 'gatsby';
import { siteConfig } from '../../config';
import { AnalyticsScript } from '../AnalyticsScript';
import { trackEvent, trackPageView } from '../events';

beforeEach(() => {
  delete window.gtag;
  delete window.dataLayer;
  jest.clearAllMocks();
});

describe('analytics', () => {
  it('does nothing while the flag is off (the default)', () => {
    trackEvent('clicked_add_license');
    expect(window.dataLayer).toBeUndefined();
    render(<AnalyticsScript />);
    expect(Script).not.toHaveBeenCalled();
  });

  describe('when enabled', () => {
    beforeEach(() => {
      jest.replaceProperty(siteConfig.analytics, 'enabled', true);
      jest.replaceProperty(siteConfig.analytics, 'id', 'G-TEST');
    });

    it('queues config, page views and the clicked_add_license event for gtag.js', () => {
      trackPageView({ pathname: '/pricing', href: 'https://stockbench.app/pricing' });
      trackEvent('clicked_add_license', { count: 2 });
      const calls = (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
      expect(calls.find((c) => c[0] === 'config')).toEqual(['config', 'G-TEST', { send_page_view: false }]);
      expect(calls).toContainEqual([
        'event',
        'page_view',
        expect.objectContaining({ page_path: '/pricing', page_location: 'https://stockbench.app/pricing' }),
      ]);
      expect(calls[calls.length - 1]).toEqual(['event', 'clicked_add_license', { count: 2 }]);
    });

    it('sends addresses without their query string or hash, for page views and every later event', () => {
      window.history.replaceState(null, '', '/checkout?sec=pi_1_secret_abc&count=2#pay');
      trackPageView({
        pathname: '/checkout',
        href: 'https://stockbench.app/checkout?sec=pi_1_secret_abc&count=2#pay',
      });
      trackEvent('LCP', { value: 1200 });
      const calls = (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
      expect(calls).toContainEqual([
        'event',
        'page_view',
        expect.objectContaining({
          page_path: '/checkout',
          page_location: 'https://stockbench.app/checkout',
        }),
      ]);
      // gtag.js reads document.location itself unless told: the global values are the path only.
      const sets = calls.filter((c) => c[0] === 'set');
      expect(sets).toEqual([
        ['set', { page_location: `${window.location.origin}/checkout`, page_referrer: '' }],
        ['set', { page_location: 'https://stockbench.app/checkout' }],
      ]);
      expect(calls.findIndex((c) => c[0] === 'set')).toBeLessThan(calls.findIndex((c) => c[0] === 'config'));
      expect(JSON.stringify(calls)).not.toMatch(/secret|count=|#pay|\?/);
    });

    it("loads gtag.js with Gatsby's Script API once the page is idle", () => {
      render(<AnalyticsScript />);
      // The props it was rendered with (React passes a second argument of its own).
      expect(jest.mocked(Script).mock.calls.map(([props]) => props)).toEqual([
        { id: 'gtag-js', strategy: 'idle', src: 'https://www.googletagmanager.com/gtag/js?id=G-TEST' },
      ]);
    });
  });
});

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
      trackPageView({ pathname: '/pricing', search: '', href: 'https://stockbench.app/pricing' });
      trackEvent('clicked_add_license', { count: 2 });
      const calls = (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
      expect(calls[1]).toEqual(['config', 'G-TEST', { send_page_view: false }]);
      expect(calls[2]).toEqual([
        'event',
        'page_view',
        expect.objectContaining({ page_path: '/pricing', page_location: 'https://stockbench.app/pricing' }),
      ]);
      expect(calls[3]).toEqual(['event', 'clicked_add_license', { count: 2 }]);
    });

    it("loads gtag.js with Gatsby's Script API once the page is idle", () => {
      render(<AnalyticsScript />);
      expect(Script).toHaveBeenCalledWith(
        expect.objectContaining({
          strategy: 'idle',
          src: 'https://www.googletagmanager.com/gtag/js?id=G-TEST',
        }),
        expect.anything(),
      );
    });
  });
});

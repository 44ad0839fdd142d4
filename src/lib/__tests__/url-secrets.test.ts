import { waitFor } from '@testing-library/react';
import { onInitialClientRender, onRouteUpdate } from '../../../gatsby-browser';
import { siteConfig } from '../../config';
import { forgetUrlSecrets, stashUrlSecrets, takeUrlSecrets } from '../url-secrets';

// Web vitals need the browser's performance timeline (not in jsdom); their reporting is not tested here.
jest.mock('../../analytics/web-vitals', () => ({ reportWebVitals: jest.fn() }));

const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

beforeEach(() => {
  window.sessionStorage.clear();
  delete window.gtag;
  delete window.dataLayer;
});

describe('url-secrets', () => {
  it.each([
    ['/checkout?sec=pi_1_secret_2&count=2', '/checkout?count=2', { sec: 'pi_1_secret_2' }],
    ['/checkout/?count=2&sec=pi_1_secret_2', '/checkout/?count=2', { sec: 'pi_1_secret_2' }],
    [
      '/auth?mode=resetPassword&oobCode=654321&email=a%40example.com',
      '/auth?mode=resetPassword',
      { oobCode: '654321', email: 'a@example.com' },
    ],
    [
      '/auth?mode=recoverEmail&oobCode=abcdefghijklmnop#top',
      '/auth?mode=recoverEmail#top',
      { oobCode: 'abcdefghijklmnop' },
    ],
    ['/must-verify-email?email=a%40example.com', '/must-verify-email', { email: 'a@example.com' }],
  ])('takes the secrets of %s out of the address bar', (url, left, taken) => {
    window.history.replaceState({ key: 'k1' }, '', url);
    expect(takeUrlSecrets()).toEqual(taken);
    expect(here()).toBe(left);
    expect(window.history.state).toEqual({ key: 'k1' });
    expect(window.location.href).not.toMatch(/pi_1_secret|654321|abcdefghijklmnop|example\.com/);
  });

  it('still has them after a reload of the tab, until they are forgotten', () => {
    window.history.replaceState(null, '', '/checkout?sec=pi_1_secret_2&count=2');
    stashUrlSecrets();
    // A reload keeps sessionStorage and the address without the secret.
    expect(here()).toBe('/checkout?count=2');
    expect(takeUrlSecrets()).toEqual({ sec: 'pi_1_secret_2' });
    forgetUrlSecrets('/checkout');
    expect(takeUrlSecrets()).toEqual({});
  });

  it('a new link replaces what an earlier one left, as a whole', () => {
    window.history.replaceState(null, '', '/auth?mode=resetPassword&oobCode=111111&email=a%40example.com');
    stashUrlSecrets();
    window.history.replaceState(null, '', '/auth?mode=recoverEmail&oobCode=abcdefghijklmnop');
    expect(takeUrlSecrets()).toEqual({ oobCode: 'abcdefghijklmnop' });
  });

  it('keeps each page to its own values', () => {
    window.history.replaceState(null, '', '/must-verify-email?email=a%40example.com');
    stashUrlSecrets();
    window.history.replaceState(null, '', '/checkout?count=1');
    expect(takeUrlSecrets()).toEqual({});
  });

  it.each(['/update-card?sid=sub_1', '/sign-in?next=%2Flicenses', '/tools?q=sec', '/?action=emailVerified'])(
    'leaves other pages alone: %s',
    (url) => {
      window.history.replaceState(null, '', url);
      expect(takeUrlSecrets()).toEqual({});
      expect(here()).toBe(url);
    },
  );

  it('works from memory when sessionStorage is unavailable', () => {
    const getter = jest.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    try {
      window.history.replaceState(null, '', '/checkout?sec=pi_9_secret_9&count=1');
      expect(takeUrlSecrets()).toEqual({ sec: 'pi_9_secret_9' });
      expect(here()).toBe('/checkout?count=1');
      expect(takeUrlSecrets()).toEqual({ sec: 'pi_9_secret_9' });
      forgetUrlSecrets('/checkout');
      expect(takeUrlSecrets()).toEqual({});
    } finally {
      getter.mockRestore();
    }
  });
});

describe('gatsby-browser', () => {
  it('strips the secrets after the first render, and the first page view carries none of them', async () => {
    jest.replaceProperty(siteConfig.analytics, 'enabled', true);
    jest.replaceProperty(siteConfig.analytics, 'id', 'G-TEST');
    window.history.replaceState(null, '', '/auth?mode=resetPassword&oobCode=654321&email=a%40example.com');
    // Analytics sends paths only, even while the address still has them.
    (onRouteUpdate as (args: { location: Location }) => void)({ location: window.location });
    (onInitialClientRender as () => void)();
    // Both load their code first (their own chunks), so they act a moment later.
    await waitFor(() => expect(here()).toBe('/auth?mode=resetPassword'));
    const sent = () =>
      JSON.stringify((window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>)));
    await waitFor(() => expect(sent()).toContain('page_view'));
    expect(sent()).not.toMatch(/654321|example\.com|\?/);
    // The page still has what it needs.
    expect(takeUrlSecrets()).toEqual({ oobCode: '654321', email: 'a@example.com' });
  });
});

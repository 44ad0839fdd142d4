import { chromium, type Browser } from 'playwright-core';

// Debian's Chromium, with the flags this offline machine needs (no background network, no first run).
// playwright-core gives every launch a fresh temporary profile, so no --user-data-dir is passed.
/** The full browser: the screenshots and Lighthouse measure what a visitor's Chrome shows. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/**
 * The browser tests' Chromium: Debian's headless shell (Chrome's old headless mode, the same Blink and
 * V8 without the browser's own UI), as Playwright itself runs headless tests. It drives the same pages
 * over the same DevTools protocol at about half the full browser's CPU (docs/performance.md).
 */
export const TEST_CHROMIUM_PATH = process.env.TEST_CHROME_PATH ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return { browser, close: () => browser.close() };
}

/** One Chromium for the whole test file, launched before its tests and closed after; call to get it. */
export function sharedBrowser(): () => Browser {
  let launched: { browser: Browser; close: () => Promise<void> } | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  return () => {
    if (!launched) throw new Error('the browser is not running (used outside a test?)');
    return launched.browser;
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { makeAccounts, startCheckout, type Accounts } from '../scripts/site-screens/accounts';
import { ACCOUNT_STATES, type PageState } from '../scripts/site-screens/states';
import { seriousViolations } from './axe';
import { sharedBrowser } from './browser';
import { NARROW_WIDTHS, overflowAtEachWidth } from './layout';
import { siteUrl } from './site';
import { SETTLE_MS } from './until';

// Every account page on a phone and a tablet, in the dark scheme: nothing scrolls sideways at 320, 390
// or 768 px, and axe-core finds nothing serious (the light scheme on a desk is accessibility-account;
// public pages are public-pages). Account pages are checked in the states a person meets, made through
// the site as `npm run screenshots:site` makes them (scripts/site-screens).

const browser = sharedBrowser();

async function darkPhone(storage?: string): Promise<BrowserContext> {
  const context = await browser().newContext({
    viewport: { width: NARROW_WIDTHS[0], height: 800 },
    colorScheme: 'dark',
    ...(storage ? { storageState: storage } : {}),
  });
  context.setDefaultTimeout(SETTLE_MS);
  return context;
}

describe('account pages on narrow screens, dark scheme', () => {
  let dir: string;
  let accounts: Accounts;
  const contexts = new Map<string, BrowserContext>();
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-narrow-'));
    accounts = await makeAccounts(browser(), dir);
  });
  afterAll(async () => {
    await Promise.all([...contexts.values()].map((c) => c.close()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function contextOf(state: PageState): Promise<BrowserContext> {
    // Signed out and the unverified sign-in start from no session; the others from their account's.
    const key = state.account === 'unverified' ? `unverified ${state.id}` : state.account;
    const found = contexts.get(key);
    if (found) return found;
    const storage =
      state.account === 'signedOut' || state.account === 'unverified'
        ? undefined
        : accounts.storage[state.account];
    const made = await darkPhone(storage);
    contexts.set(key, made);
    return made;
  }

  // In order: the shopper's empty page comes before the checkout that changes it.
  it.each(ACCOUNT_STATES.map((s) => [s.id, s] as const))(
    '%s fits 320, 390 and 768 px and passes axe-core in the dark',
    async (_id, state) => {
      if (state.afterCheckout && !accounts.checkoutPath) {
        accounts.checkoutPath = await startCheckout(browser(), accounts.storage.shopper);
      }
      const page = await (await contextOf(state)).newPage();
      await page.setViewportSize({ width: NARROW_WIDTHS[0], height: 800 });
      await page.goto(`${siteUrl()}${state.path(accounts)}`);
      await state.reach(page, accounts);
      expect(await overflowAtEachWidth(page, state.caption)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 800 });
      expect(await seriousViolations(page, `${state.caption} (dark, 390 px)`)).toBe('');
      await page.close();
    },
  );
});

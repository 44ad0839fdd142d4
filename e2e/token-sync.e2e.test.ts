import type { Page } from 'playwright-core';
import { sharedBrowser } from './browser';
import { atSignIn, createVerifiedUser, newPage, signIn, stackInfo } from './account-helpers';
import { siteUrl } from './site';
import { until } from './until';

// The specification's optional token sync, with the setting on (e2e/run.ts builds the site with
// GATSBY_TOKEN_SYNC_URL=/token-sync): the seller's endpoint, stood in for by the browser's own routing,
// gets the ID token by POST after sign-in and after a refresh, and a DELETE after sign-out.

const browser = sharedBrowser();

interface Sync {
  method: string;
  authorization: string | undefined;
}

const claims = (authorization: string | undefined): Record<string, unknown> =>
  JSON.parse(
    Buffer.from((authorization ?? '').replace(/^Bearer /, '').split('.')[1] ?? '', 'base64url').toString() ||
      '{}',
  ) as Record<string, unknown>;

/** As if the clock had moved past the stored ID token's expiry: Amplify reads the drift from storage. */
async function makeTokensLookExpired(page: Page): Promise<void> {
  const { clientId } = await stackInfo();
  await page.evaluate((client) => {
    const prefix = `CognitoIdentityServiceProvider.${client}`;
    const user = window.localStorage.getItem(`${prefix}.LastAuthUser`);
    const idToken = window.localStorage.getItem(`${prefix}.${user}.idToken`) ?? '';
    const payload = idToken.split('.')[1] ?? '';
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
    // A minute past the token's expiry, whatever its lifetime.
    window.localStorage.setItem(`${prefix}.${user}.clockDrift`, String(exp * 1000 - Date.now() + 60_000));
  }, clientId);
}

describe('account journeys: token sync', () => {
  it('POSTs the ID token after sign-in and after a refresh, and DELETEs after sign-out', async () => {
    const { context, page, errors } = await newPage(browser());
    const synced: Sync[] = [];
    await context.route('**/token-sync', async (route) => {
      const request = route.request();
      synced.push({ method: request.method(), authorization: request.headers().authorization });
      await route.fulfill({ status: 204 });
    });
    const email = await createVerifiedUser('token-sync');
    await signIn(page, email, undefined, '/licenses');
    await until(() => Promise.resolve(synced.length), 1);
    expect(synced[0]?.method).toBe('POST');
    expect(claims(synced[0]?.authorization)).toMatchObject({ email, token_use: 'id' });

    // The stored tokens look expired: the next read of the session refreshes them.
    await makeTokensLookExpired(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Your Licenses' }).waitFor();
    await until(() => Promise.resolve(synced.length), 2);
    expect(synced[1]?.method).toBe('POST');
    expect(synced[1]?.authorization).not.toBe(synced[0]?.authorization);
    expect(claims(synced[1]?.authorization)).toMatchObject({ email, token_use: 'id' });

    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await atSignIn(page);
    await until(() => Promise.resolve(synced.length), 3);
    expect(synced[2]).toEqual({ method: 'DELETE', authorization: undefined });
    expect(new URL(page.url()).origin).toBe(new URL(siteUrl()).origin);
    expect(errors).toEqual([]);
    await context.close();
  });
});

// `npm run screenshots:site`: pictures of every public page and every account page in its main states,
// on a desk (1280 px) and a phone (390 px), in the light and the dark scheme, into one folder with an
// index.html that shows them side by side (docs/design.md says how to use it).
// It starts the local stack on free ports, builds the site against it (account pages need a build made
// for the stack they talk to), makes the accounts through the site, then photographs.
//   --out DIR         where the pictures go (default site-screens/)
//   --only a,b        only these pages (a page's id names it with all its states: home, licenses, tool-gdp)
//   --looks a,b       only these looks (desktop-light, desktop-dark, phone-light, phone-dark)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { startLocalStack } from '../../dev/local-stack';
import { siteBuildEnv } from '../../dev/site-env';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/browser';
import { staticPublicRoutes } from '../../e2e/public-routes';
import { readFeed, type ArticleFeedEntry, type ToolFeedEntry } from '../../e2e/site';
import { makeAccounts, startCheckout, type Accounts } from './accounts';
import { writeContactSheet } from './contact-sheet';
import { Contexts, LOOKS, photograph, type Look, type Shot } from './shots';
import { ACCOUNT_STATES, PUBLIC_STATES, type PageState } from './states';

const TIMEOUT_MS = 60_000;

function build(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['gatsby', 'build'], {
      stdio: 'inherit',
      env: { ...process.env, ...env, GATSBY_TELEMETRY_DISABLED: '1' },
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`gatsby build failed (${code})`)),
    );
  });
}

const routeId = (route: string) => (route === '/' ? 'home' : route.slice(1).replace(/\//g, '-'));

/** The public pages, each as a state of nobody's: loaded, hydrated and quiet. */
function publicStates(): PageState[] {
  const tools = readFeed<ToolFeedEntry[]>('tools/tools.json');
  const articles = readFeed<ArticleFeedEntry[]>('blog_articles.json');
  const routes = [
    ...staticPublicRoutes.filter((r) => r !== '/home'),
    ...tools.map((t) => `/tool/${t.path}`),
    ...articles.map((a) => `/blog/${a.route}`),
  ];
  return [
    ...routes.map((route) => ({
      id: routeId(route),
      caption: route,
      account: 'signedOut' as const,
      path: () => route,
      reach: async () => undefined,
    })),
    {
      id: '404',
      caption: 'an address that does not exist',
      account: 'signedOut' as const,
      path: () => '/no-such-page',
      reach: (page: Page) => page.getByText('The requested page does not exist.').waitFor(),
    },
    ...PUBLIC_STATES,
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'site-screens' },
      only: { type: 'string' },
      looks: { type: 'string' },
    },
  });
  const outDir = path.resolve(values.out);
  const words = values.only?.split(',').filter(Boolean);
  // A word names a page with all its states: `licenses` is licenses--none, licenses--subscribed, ...
  const wanted = (id: string) => !words || words.some((w) => id === w || id.startsWith(`${w}--`));
  const lookNames = values.looks?.split(',');
  const looks = LOOKS.filter((l) => !lookNames || lookNames.includes(l.name));
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-screens-'));
  const stack = await startLocalStack({
    dir,
    site: true,
    ports: 'auto',
    log: () => undefined,
    persist: false,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const contexts = new Contexts(browser, TIMEOUT_MS);
  const shots: Shot[] = [];
  try {
    // Canonical links keep the production address, as the e2e build does.
    const { GATSBY_SITE_URL: _local, ...env } = siteBuildEnv(stack.info);
    await build({ ...env, GATSBY_INSTALLER_WINDOWS_URL: '', GATSBY_INSTALLER_MACOS_URL: '' });
    // The e2e helpers that make accounts read the stack from these.
    process.env.E2E_SITE_URL = stack.info.site ?? '';
    process.env.E2E_STACK_DIR = dir;

    const states = [...publicStates(), ...ACCOUNT_STATES].filter((s) => wanted(s.id));
    const needsAccounts = states.some((s) => s.account !== 'signedOut');
    const accounts: Accounts | undefined = needsAccounts
      ? await makeAccounts(browser, path.join(dir, 'sessions'))
      : undefined;
    fs.mkdirSync(outDir, { recursive: true });
    for (const state of states) {
      if (state.afterCheckout && accounts && !accounts.checkoutPath) {
        accounts.checkoutPath = await startCheckout(browser, accounts.storage.shopper);
      }
      for (const look of looks) {
        if (state.phoneOnly && !look.name.startsWith('phone')) continue;
        const file = path.join(outDir, `${state.id}--${look.name}.png`);
        await shoot(contexts, state, look, accounts, file);
        shots.push({ id: state.id, caption: state.caption, look: look.name, file });
        console.log(`${state.id} ${look.name}`);
      }
    }
  } finally {
    await contexts.closeAll();
    await browser.close();
    await stack.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`${shots.length} pictures; open ${writeContactSheet(outDir, shots, looks)}`);
}

async function shoot(
  contexts: Contexts,
  state: PageState,
  look: Look,
  accounts: Accounts | undefined,
  file: string,
): Promise<void> {
  const storage =
    state.account === 'signedOut' || state.account === 'unverified'
      ? undefined
      : accounts?.storage[state.account];
  // A fresh context for the unverified sign-in each time: it must start signed out.
  const context = await contexts.get(
    state.account === 'unverified' ? `unverified ${state.id}` : state.account,
    look,
    storage,
  );
  const page = await context.newPage();
  try {
    await page.goto(`${process.env.E2E_SITE_URL}${state.path(accounts as Accounts)}`, {
      waitUntil: 'networkidle',
    });
    await state.reach(page, accounts as Accounts);
    await page.waitForLoadState('networkidle');
    await photograph(page, file);
  } finally {
    await page.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

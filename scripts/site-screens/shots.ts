import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

// The four ways every page is photographed: a desk and a phone, each in the light and the dark scheme.

export interface Look {
  name: string;
  viewport: { width: number; height: number };
  colorScheme: 'light' | 'dark';
  /** Pixels per CSS pixel of the picture (a phone's screen is denser; 2 keeps the files readable). */
  scale: number;
}

export const LOOKS: readonly Look[] = [
  { name: 'desktop-light', viewport: { width: 1280, height: 900 }, colorScheme: 'light', scale: 1 },
  { name: 'desktop-dark', viewport: { width: 1280, height: 900 }, colorScheme: 'dark', scale: 1 },
  { name: 'phone-light', viewport: { width: 390, height: 844 }, colorScheme: 'light', scale: 2 },
  { name: 'phone-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark', scale: 2 },
];

/** Where one picture goes, and what the contact sheet says about it. */
export interface Shot {
  /** The page and its state, as a file-name stem: `licenses--with-subscription`. */
  id: string;
  /** What a reviewer reads under the pictures. */
  caption: string;
  look: string;
  file: string;
}

/** Contexts per account (storage state) and look, made once and reused by every state of that account. */
export class Contexts {
  private readonly made = new Map<string, BrowserContext>();
  constructor(
    private readonly browser: Browser,
    private readonly timeoutMs: number,
  ) {}

  async get(account: string, look: Look, storage?: string): Promise<BrowserContext> {
    const key = `${account} ${look.name}`;
    const found = this.made.get(key);
    if (found) return found;
    const context = await this.browser.newContext({
      viewport: look.viewport,
      colorScheme: look.colorScheme,
      deviceScaleFactor: look.scale,
      ...(storage ? { storageState: storage } : {}),
    });
    context.setDefaultTimeout(this.timeoutMs);
    this.made.set(key, context);
    return context;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.made.values()].map((c) => c.close()));
  }
}

/**
 * Loads every lazy image (a full-page picture would show their empty boxes), waits for them and the
 * web font, then photographs the whole page.
 */
export async function photograph(page: Page, file: string): Promise<void> {
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete
          ? undefined
          : new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
    // Loaded is not yet painted: a picture taken before decoding shows an empty box.
    await Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => undefined)));
    await document.fonts.ready;
  });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
}

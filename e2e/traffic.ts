import type { Page } from 'playwright-core';

// What the pages of a journey asked the BFF and heard back, kept so that a check that times out can
// say what the page was told (a failed read, a slow one, one never answered) instead of only what it
// still shows.

const LIMIT = 40;
const logs = new Map<Page, string[]>();

const push = (page: Page, line: string): void => {
  const lines = logs.get(page);
  if (!lines) return;
  lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (lines.length > LIMIT) lines.shift();
};

/** Records `page`'s calls to /api/ (and its console errors) until the test ends. */
export function recordTraffic(page: Page): void {
  logs.set(page, []);
  const started = new Map<object, number>();
  const name = (url: string): string => {
    const u = new URL(url);
    return `${u.pathname}${u.search ? '?…' : ''}`;
  };
  page.on('request', (request) => {
    if (!request.url().includes('/api/')) return;
    started.set(request, Date.now());
    push(page, `→ ${request.method()} ${name(request.url())}`);
  });
  page.on('requestfinished', (request) => {
    const at = started.get(request);
    if (at === undefined) return;
    // The response is read after the request finished; a page closed meanwhile (a test's end) has
    // nothing left to tell, and its rejection must not fail the test that follows.
    void request.response().then(
      (response) => {
        push(
          page,
          `← ${response?.status() ?? '?'} ${request.method()} ${name(request.url())} ${Date.now() - at} ms`,
        );
      },
      () => push(page, `✗ ${request.method()} ${name(request.url())}: the page closed first`),
    );
  });
  page.on('requestfailed', (request) => {
    if (started.has(request))
      push(page, `✗ ${request.method()} ${name(request.url())} ${request.failure()?.errorText ?? ''}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') push(page, `console: ${message.text()}`);
  });
}

/** The recorded traffic of every page of this test, for a failure's message. */
export function describeTraffic(): string {
  const parts: string[] = [];
  for (const [page, lines] of logs) {
    if (lines.length) parts.push(`${page.url()}\n  ${lines.join('\n  ')}`);
  }
  return parts.join('\n');
}

/** Forgets the pages of the test that ended. */
export function clearTraffic(): void {
  logs.clear();
}

import { mkdir, readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { sendJson } from './http-helpers';
import { listen } from './listen';

// The local outbox: every email the stack sends is a JSON file in `dir` (written by the SES twin,
// dev/aws-twins/ses.ts, for each accepted SendEmail). This serves them to a person (GET /, newest
// first, HTML rendered, links open in a new tab) and to tests (GET /messages.json?to=...).

/** One sent email as the outbox keeps it: `<dir>/<id>.json` (also the shape of messages.json). */
export interface OutboxMessage {
  id: string;
  /** FromEmailAddress as sent, e.g. "Stockbench <no-reply@stockbench.app>". */
  from: string;
  /** The To addresses as sent, joined with ", " (one address for every mail the product sends). */
  to: string;
  subject: string;
  /** The text part ('' when the mail has none). */
  text: string;
  /** The HTML part ('' when the mail has none). */
  html: string;
  /** ISO 8601 time of sending. */
  date: string;
  /** SES's MessageId for the send (absent in files written before the SES twin). */
  messageId?: string;
  cc?: string[];
  bcc?: string[];
  replyTo?: string[];
}

/** The bare addresses a message went to (To, Cc, Bcc), lower-cased, display names dropped. */
export function outboxRecipients(m: OutboxMessage): string[] {
  return [...m.to.split(','), ...(m.cc ?? []), ...(m.bcc ?? [])]
    .map((a) => (/<([^>]*)>/.exec(a)?.[1] ?? a).trim().toLowerCase())
    .filter(Boolean);
}

export interface Outbox {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The messages in `dir`, newest first; with `to`, only those sent to that address (To, Cc or Bcc). */
export async function readOutbox(dir: string, to?: string): Promise<OutboxMessage[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const messages = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as OutboxMessage),
  );
  const wanted = to?.toLowerCase();
  return messages
    .filter((m) => !wanted || outboxRecipients(m).includes(wanted))
    .sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(messages: OutboxMessage[], to: string | undefined): string {
  const items = messages
    .map((m) => {
      // A sandboxed iframe shows the mail as a mail client would, without its styles leaking into the page;
      // <base target=_blank> makes its links open (on the site) in a new tab.
      const body = m.html || `<pre style="white-space:pre-wrap">${escapeHtml(m.text)}</pre>`;
      const doc = `<base target="_blank">${body}`;
      return `<article>
  <header><strong>${escapeHtml(m.subject)}</strong>
  <div class="meta">To <a href="?to=${encodeURIComponent(outboxRecipients(m)[0] ?? m.to)}">${escapeHtml(m.to)}</a> · from ${escapeHtml(m.from)} ·
  <time datetime="${m.date}">${new Date(m.date).toLocaleString('en-US')}</time> ·
  <a href="/messages/${encodeURIComponent(m.id)}.html" target="_blank">open</a></div></header>
  <iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(doc)}" title="${escapeHtml(m.subject)}"></iframe>
</article>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox · Stockbench local</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:900px;padding:1rem;background:#f6f7f9}
article{background:#fff;border:1px solid #ddd;border-radius:8px;margin:1rem 0;padding:1rem}
.meta{color:#555;font-size:.9rem;margin-top:.25rem}iframe{width:100%;height:320px;border:1px solid #eee;margin-top:.5rem}
</style></head><body>
<h1>Outbox</h1>
<p>${messages.length} message${messages.length === 1 ? '' : 's'}${to ? ` to ${escapeHtml(to)} · <a href="/">all</a>` : ''} · <a href="">refresh</a></p>
${items || '<p>No email sent yet.</p>'}
</body></html>`;
}

export async function startOutbox(opts: { dir: string; port: number }): Promise<Outbox> {
  await mkdir(opts.dir, { recursive: true });
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const to = url.searchParams.get('to') || undefined;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET' }).end();
        return;
      }
      if (url.pathname === '/messages.json') {
        sendJson(res, 200, await readOutbox(opts.dir, to), { 'cache-control': 'no-store' });
        return;
      }
      const one = /^\/messages\/([^/]+)\.html$/.exec(url.pathname);
      if (one?.[1]) {
        const id = decodeURIComponent(one[1]);
        const message = (await readOutbox(opts.dir)).find((m) => m.id === id);
        if (!message) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('No such message');
          return;
        }
        const body = message.html || `<pre style="white-space:pre-wrap">${escapeHtml(message.text)}</pre>`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
        return;
      }
      if (url.pathname === '/') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(page(await readOutbox(opts.dir, to), to));
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    })().catch((error: unknown) => {
      console.error('[outbox]', error);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  return listen(server, opts.port);
}

import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { localCspDirectives, securityHeaders, type LocalEndpoints } from '../cdk/lib/security-headers';
import { externalizeHtml, INLINE_DIR } from '../cdk/site/externalize-inline-scripts';
import { isUnpublished } from '../cdk/site/unpublished-files';
import { sendJson } from './http-helpers';
import { listen, type RunningServer } from './listen';

// Serves the built site as CloudFront + S3 will: directory URLs to their index.html, unknown paths to
// 404.html with status 404, compression, long caching for hashed assets only, and /api/* forwarded
// to the local API (same origin, so the site needs no CORS).
// Given `securityHeaders` (the local stack's: localSecurityHeaders()), every answer, /api included,
// carries the security headers of CloudFront's response headers policy (cdk/lib/security-headers.ts):
// the same Content-Security-Policy, with the local stand-ins of Stripe and Cognito in place of the real
// hosts. That CSP allows no inline script, so HTML is served the way the deploy uploads it: Gatsby's
// inline scripts moved into /_inline/ files by the deploy's own code
// (cdk/site/externalize-inline-scripts.ts), done here as pages are served since `gatsby build` leaves
// them inline.

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/;
const HASHED = /(-[0-9a-f]{16,}\.(js|css)$)|(^\/static\/)/;
const INLINE_SCRIPT = new RegExp(`^/${INLINE_DIR}/([0-9a-f]{8,64}\\.js)$`);

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface SiteServerOptions {
  root: string;
  port?: number;
  host?: string;
  /** Handles /api/* when given (the local API server's handler). */
  api?: RequestHandler;
  /**
   * Header name -> value added to every answer, as CloudFront's response headers policy adds them
   * (localSecurityHeaders() for the local stack). None when absent: the server cannot know where the
   * browser reaches Stripe and Cognito, and a CSP naming the wrong hosts would break the site.
   */
  securityHeaders?: Record<string, string>;
  /**
   * Settles once root holds the site (npm start builds it while /api already answers): until then a
   * page request gets a short 503 page that says the site is being built.
   */
  siteReady?: Promise<void>;
}

/**
 * Production's security headers for the site as the local stack serves it (over http): the CSP names
 * the Stripe emulator (its Stripe.js stand-in and API) and the Cognito endpoint the site was built with
 * where production names Stripe and Cognito.
 */
export function localSecurityHeaders(endpoints: LocalEndpoints): Record<string, string> {
  return securityHeaders({ csp: localCspDirectives(endpoints), https: false });
}

export type SiteServer = RunningServer;

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The file a URL path maps to, as the CloudFront directory-index function maps it. */
export async function resolveFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const target = path.normalize(path.join(root, decoded));
  if (target !== root && !target.startsWith(root + path.sep)) return null;
  const candidates = decoded.endsWith('/')
    ? [path.join(target, 'index.html')]
    : [target, path.join(target, 'index.html'), `${target}.html`];
  for (const file of candidates) if (await isFile(file)) return file;
  return null;
}

function cacheControl(urlPath: string): string {
  return HASHED.test(urlPath) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return htmlFiles(full);
      return entry.isFile() && entry.name.endsWith('.html') ? [full] : [];
    }),
  );
  return nested.flat();
}

/** The scripts moved out of the pages served so far, by their /_inline/ file name. */
class InlineScripts {
  private readonly scripts = new Map<string, string>();
  private lastScan = 0;

  constructor(private readonly root: string) {}

  /** The page as the deploy uploads it; remembers its scripts. */
  externalize(source: string): string {
    const { html, scripts } = externalizeHtml(source);
    for (const [name, body] of scripts) this.scripts.set(name, body);
    return html;
  }

  /** A script by file name; one not seen yet (a page cached by the browser) is looked for in every page. */
  async get(name: string): Promise<string | undefined> {
    if (!this.scripts.has(name) && Date.now() - this.lastScan > 1000) {
      this.lastScan = Date.now();
      for (const file of await htmlFiles(this.root)) this.externalize(await fs.readFile(file, 'utf8'));
    }
    return this.scripts.get(name);
  }
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  status: number,
  urlPath: string,
  inline: InlineScripts,
) {
  const body = file.endsWith('.html')
    ? Buffer.from(inline.externalize(await fs.readFile(file, 'utf8')))
    : () => createReadStream(file);
  return send(
    req,
    res,
    body,
    CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    status,
    urlPath,
  );
}

/**
 * Compressed as each answer is sent, as a CDN compresses: at a middle quality. zlib's default (11, the
 * densest) spends ~60 ms on one HTML page and ~1.4 s on the site's 2 MB of JavaScript; 5 spends ~1/50 of
 * that for ~12% more bytes. The page-weight benchmark compresses the files itself (bench/page-scripts.ts).
 */
const BROTLI_ON_THE_FLY: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

function send(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer | (() => Readable),
  type: string,
  status: number,
  urlPath: string,
) {
  const headers: http.OutgoingHttpHeaders = {
    'content-type': type,
    'cache-control': status === 200 ? cacheControl(urlPath) : 'no-cache',
    vary: 'accept-encoding',
  };
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding = COMPRESSIBLE.test(type)
    ? accepts.includes('br')
      ? 'br'
      : accepts.includes('gzip')
        ? 'gzip'
        : null
    : null;
  if (encoding) headers['content-encoding'] = encoding;
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = Buffer.isBuffer(body) ? Readable.from([body]) : body();
  if (encoding === 'br') stream.pipe(zlib.createBrotliCompress(BROTLI_ON_THE_FLY)).pipe(res);
  else if (encoding === 'gzip') stream.pipe(zlib.createGzip()).pipe(res);
  else stream.pipe(res);
}

export function createSiteHandler({
  root,
  api,
  securityHeaders: headers,
  siteReady,
}: Pick<SiteServerOptions, 'root' | 'api' | 'securityHeaders' | 'siteReady'>): RequestHandler {
  const absRoot = path.resolve(root);
  const inline = new InlineScripts(absRoot);
  let building = Boolean(siteReady);
  siteReady?.then(
    () => (building = false),
    () => undefined,
  );
  return async (req, res) => {
    for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
    const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
    if (urlPath === '/api' || urlPath.startsWith('/api/')) {
      if (api) return api(req, res);
      sendJson(res, 404, { message: 'Not Found' });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (building) {
      res
        .writeHead(503, {
          'content-type': 'text/html; charset=utf-8',
          'retry-after': '5',
          'cache-control': 'no-store',
        })
        .end(BUILDING_PAGE);
      return;
    }
    // Left out of the upload (source maps): CloudFront answers them as any missing file.
    const file = isUnpublished(urlPath) ? null : await resolveFile(absRoot, urlPath);
    if (file) return sendFile(req, res, file, 200, urlPath, inline);
    const script = INLINE_SCRIPT.exec(urlPath)?.[1];
    const moved = script ? await inline.get(script) : undefined;
    if (moved !== undefined) {
      return send(req, res, Buffer.from(moved), CONTENT_TYPES['.js'] ?? '', 200, urlPath);
    }
    const notFound = path.join(absRoot, '404.html');
    if (await isFile(notFound)) return sendFile(req, res, notFound, 404, urlPath, inline);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  };
}

const BUILDING_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta http-equiv="refresh" content="5">' +
  '<title>Building the site</title><p>The site is being built (npm start). This page reloads ' +
  'itself; the API and the emulators already answer.</p></html>';

export async function startSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const handler = createSiteHandler(options);
  const server = http.createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      console.error('site server error', error);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  return listen(server, options.port ?? 0, options.host);
}

import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { listen, type RunningServer } from './listen';

// Serves the built site as CloudFront + S3 will: directory URLs to their index.html, unknown paths to
// 404.html with status 404, compression, long caching for hashed assets only, and /api/* forwarded
// to the local API (same origin, so the site needs no CORS).

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
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

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface SiteServerOptions {
  root: string;
  port?: number;
  host?: string;
  /** Handles /api/* when given (the local API server's handler). */
  api?: RequestHandler;
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

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  status: number,
  urlPath: string,
) {
  const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
  const headers: http.OutgoingHttpHeaders = {
    'content-type': type,
    'cache-control': status === 200 ? cacheControl(urlPath) : 'no-cache',
    'x-content-type-options': 'nosniff',
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
  const stream = createReadStream(file);
  if (encoding === 'br') stream.pipe(zlib.createBrotliCompress()).pipe(res);
  else if (encoding === 'gzip') stream.pipe(zlib.createGzip()).pipe(res);
  else stream.pipe(res);
}

export function createSiteHandler({ root, api }: Pick<SiteServerOptions, 'root' | 'api'>): RequestHandler {
  const absRoot = path.resolve(root);
  return async (req, res) => {
    const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
    if (urlPath === '/api' || urlPath.startsWith('/api/')) {
      if (api) return api(req, res);
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const file = await resolveFile(absRoot, urlPath);
    if (file) return sendFile(req, res, file, 200, urlPath);
    const notFound = path.join(absRoot, '404.html');
    if (await isFile(notFound)) return sendFile(req, res, notFound, 404, urlPath);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  };
}

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

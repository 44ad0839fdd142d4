import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localCspDirectives, securityHeaders } from '../../cdk/lib/security-headers';
import { localSecurityHeaders, startSiteServer, type SiteServer } from '../site-server';

// The local site server sends CloudFront's security headers (built from cdk/lib/security-headers.ts)
// on every answer, and serves pages with Gatsby's inline scripts moved out as the deploy moves them,
// so the CSP (no 'unsafe-inline' for scripts) holds locally as it does in production.

const LOCAL = {
  stripeJs: 'http://127.0.0.1:12111/js/stripe.js',
  stripeApi: 'http://127.0.0.1:12111',
  cognito: 'http://127.0.0.1:9229',
};

const PAGE =
  '<!doctype html><html><head><script>window.pagePath="/checkout/"</script>' +
  '<script type="application/json" id="data">{"a":1}</script>' +
  '<script src="/app-0123456789abcdef01.js" async></script></head><body>checkout</body></html>';

let root: string;
let server: SiteServer;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-server-'));
  fs.mkdirSync(path.join(root, 'checkout'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><script>window.home=1</script>home');
  fs.writeFileSync(path.join(root, 'checkout', 'index.html'), PAGE);
  fs.writeFileSync(path.join(root, '404.html'), '<!doctype html>not found');
  fs.writeFileSync(path.join(root, 'app-0123456789abcdef01.js'), 'console.log(1)');
  fs.writeFileSync(
    path.join(root, 'app-0123456789abcdef01.js.map'),
    '{"version":3,"sources":["src/app.ts"]}',
  );
  server = await startSiteServer({
    root,
    securityHeaders: localSecurityHeaders(LOCAL),
    api: (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    },
  });
});

afterAll(async () => {
  await server.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('security headers', () => {
  const expected = securityHeaders({ csp: localCspDirectives(LOCAL), https: false });

  it.each(['/', '/checkout', '/checkout/', '/app-0123456789abcdef01.js', '/missing', '/api/health'])(
    '%s carries every header of the policy, with the local Stripe and Cognito',
    async (urlPath) => {
      const res = await fetch(`${server.url}${urlPath}`);
      await res.arrayBuffer();
      for (const [name, value] of Object.entries(expected)) expect(res.headers.get(name)).toBe(value);
      // http: no HSTS (a browser ignores it there anyway), no upgrade of the page's own requests.
      expect(res.headers.get('strict-transport-security')).toBeNull();
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self' http://127.0.0.1:12111;");
      expect(csp).toContain("connect-src 'self' http://127.0.0.1:12111 http://127.0.0.1:9229;");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).not.toContain('upgrade-insecure-requests');
    },
  );

  it('a POST the site refuses (405) carries them too', async () => {
    const res = await fetch(`${server.url}/`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('none unless given (the server cannot know where the browser reaches Stripe and Cognito)', async () => {
    const bare = await startSiteServer({ root });
    try {
      const res = await fetch(`${bare.url}/`);
      await res.arrayBuffer();
      expect(res.headers.get('content-security-policy')).toBeNull();
      expect(res.headers.get('x-frame-options')).toBeNull();
    } finally {
      await bare.stop();
    }
  });

  it('headers given explicitly are sent as given', async () => {
    const custom = await startSiteServer({ root, securityHeaders: { 'x-frame-options': 'SAMEORIGIN' } });
    try {
      const res = await fetch(`${custom.url}/`);
      await res.arrayBuffer();
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('content-security-policy')).toBeNull();
    } finally {
      await custom.stop();
    }
  });
});

describe('inline scripts, moved out as the deploy moves them', () => {
  it('a page has no inline executable script; each moved script is served from /_inline/', async () => {
    const html = await (
      await fetch(`${server.url}/checkout/`, { headers: { 'accept-encoding': 'gzip' } })
    ).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('<script type="application/json" id="data">{"a":1}</script>');
    expect(html).toContain('<script src="/app-0123456789abcdef01.js" async></script>');
    const src = /<script src="(\/_inline\/[0-9a-f]+\.js)"><\/script>/.exec(html)?.[1];
    expect(src).toBeDefined();
    const res = await fetch(`${server.url}${src}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await res.text()).toBe('window.pagePath="/checkout/"');
  });

  it('a moved script is found even when its page was not served by this server (browser cache)', async () => {
    const fresh = await startSiteServer({ root });
    try {
      const html = await (await fetch(`${server.url}/`)).text();
      const src = /src="(\/_inline\/[^"]+)"/.exec(html)?.[1] ?? '';
      const res = await fetch(`${fresh.url}${src}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('window.home=1');
    } finally {
      await fresh.stop();
    }
  });

  it('an unknown /_inline/ file is the 404 page', async () => {
    const res = await fetch(`${server.url}/_inline/0000000000000000aaaa.js`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('<!doctype html>not found');
  });
});

describe('source maps', () => {
  it('answers a source map the build left in public/ as a missing file, as the deployed site does', async () => {
    for (const urlPath of ['/app-0123456789abcdef01.js.map', '/APP-0123456789abcdef01.JS.MAP?x=1']) {
      const res = await fetch(`${server.url}${urlPath}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('sources');
    }
    expect((await fetch(`${server.url}/app-0123456789abcdef01.js`)).status).toBe(200);
  });
});

describe('while the site builds (npm start)', () => {
  it('answers /api at once, a page with a 503 that says the site is being built, and the site once built', async () => {
    let built: () => void = () => undefined;
    const siteReady = new Promise<void>((resolve) => (built = resolve));
    const building = await startSiteServer({
      root,
      siteReady,
      api: (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      },
    });
    try {
      expect((await fetch(`${building.url}/api/health`)).status).toBe(200);
      const page = await fetch(`${building.url}/`);
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('5');
      expect(await page.text()).toContain('The site is being built');
      built();
      await siteReady;
      const home = await fetch(`${building.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('home');
    } finally {
      await building.stop();
    }
  });
});

// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test, never bundled: checks the client against the route table
import { routes } from '../../../lambdas/routes';
import { CALLERS } from './callers';

// Each endpoint the site calls is called by the client with the endpoint's own method and path (a
// function that names another route, or none, fails here); the others name who calls them.

jest.mock('../../auth/session', () => ({ currentIdToken: () => Promise.resolve('id-token') }));

const sent: { url: string; method: string }[] = [];
beforeEach(() => {
  sent.length = 0;
  // jsdom has no object URLs; a file endpoint's download makes one.
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
  global.fetch = jest.fn((url: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof url === 'object' && 'url' in url ? url.url : String(url);
    sent.push({ url: href, method: init?.method ?? 'GET' });
    // The answer of the route asked: JSON, or a file endpoint's file of its declared type.
    const file = routes.find((r) => r.path === new URL(href, 'http://site').pathname)?.file;
    const type = file?.contentType ?? 'application/json';
    return Promise.resolve({
      status: 200,
      ok: true,
      statusText: '',
      headers: new Headers({ 'content-type': type }),
      text: () => Promise.resolve('{}'),
      blob: () => Promise.resolve(new Blob(['x'], { type })),
    } as unknown as Response);
  });
});

describe.each(routes.map((r) => [r.handler, r] as const))('%s', (name, route) => {
  const caller = CALLERS[name];
  if ('site' in caller) {
    it(`is called by the site as ${route.method} ${route.path}`, async () => {
      await caller.site();
      expect(sent).toHaveLength(1);
      expect(sent[0]?.method).toBe(route.method);
      expect(new URL(sent[0]?.url ?? '', 'http://site').pathname).toBe(route.path);
    });
  } else {
    it(`is called by ${caller.other}`, () => {
      expect(caller.client).not.toBe('');
    });
  }
});

import { routes } from '../routes';
import { carriesUnsafeText } from './fuzz/checks';
import type { FuzzRequest } from './fuzz/values';

// The fuzz fails on a 2xx to a request carrying a control or bidi character (fuzz/checks.ts): only in
// what the route reads, its query or its body, since a route ignores the other part.

const routeOf = (handler: string) => {
  const route = routes.find((r) => r.handler === handler);
  if (!route) throw new Error(`no route ${handler}`);
  return route;
};

const request = (handler: string, query: [string, string][], body?: unknown): FuzzRequest => {
  const route = routeOf(handler);
  return {
    route: `${route.method} ${route.path}`,
    method: route.method,
    path: route.path,
    query,
    auth: 'id',
    headers: {},
    contentType: body === undefined ? null : 'application/json',
    body: body === undefined ? null : { text: JSON.stringify(body) },
  };
};

const ids = { customerId: 'cus_1', subscriptionId: 'sub_1' };

it('counts a control character in the query of a route that reads a query', () => {
  expect(carriesUnsafeText(request('get-licenses', [['uid', 'u\u0000']]), routeOf('get-licenses'))).toBe(
    true,
  );
  expect(carriesUnsafeText(request('get-licenses', [['uid', 'u1']]), routeOf('get-licenses'))).toBe(false);
});

it('counts a bidi character in the body of a route that reads a body', () => {
  const req = request('resume-subscription', [], { ...ids, subscriptionId: 'sub_\u202E1' });
  expect(carriesUnsafeText(req, routeOf('resume-subscription'))).toBe(true);
});

it('ignores the query of a route that reads only its body, and anything sent to a route that reads neither', () => {
  const req = request('resume-subscription', [['uid', '\u0000']], ids);
  expect(carriesUnsafeText(req, routeOf('resume-subscription'))).toBe(false);
  expect(carriesUnsafeText(request('health', [['x', '\u202E']]), routeOf('health'))).toBe(false);
});

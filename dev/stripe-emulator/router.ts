import type { Ctx } from './context';
import type { JsonObject } from './json';
import type { Params } from './params';

export type Method = 'GET' | 'POST' | 'DELETE';

export type ApiRequest = {
  ctx: Ctx;
  params: Params;
  /** Values of `:name` segments of the route's path. */
  path: Record<string, string>;
  /** Publishable-key requests (Stripe.js) may only use routes marked `publishable`. */
  publishable: boolean;
};

export type Route = {
  method: Method;
  pattern: string;
  handler: (req: ApiRequest) => JsonObject;
  publishable?: boolean;
};

export function route(
  method: Method,
  pattern: string,
  handler: (req: ApiRequest) => JsonObject,
  opts: { publishable?: boolean } = {},
): Route {
  return { method, pattern, handler, ...opts };
}

export type Match = { route: Route; path: Record<string, string> };

/** First matching route wins, so literal paths (`/customers/search`) go before `/:id` ones. */
export function matchRoute(routes: Route[], method: string, pathname: string): Match | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/');
  for (const r of routes) {
    if (r.method !== method) continue;
    const pattern = r.pattern.split('/');
    if (pattern.length !== segments.length) continue;
    const path: Record<string, string> = {};
    const ok = pattern.every((p, i) => {
      const seg = segments[i] as string;
      if (p.startsWith(':')) {
        path[p.slice(1)] = decodeURIComponent(seg);
        return seg !== '';
      }
      return p === seg;
    });
    if (ok) return { route: r, path };
  }
  return undefined;
}

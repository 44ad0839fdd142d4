import { randomBytes } from 'node:crypto';
import { invalidParam, noSuch } from '../errors';
import { toJson } from '../json';
import { listAnswer } from '../list';
import type { WebhookEndpoint } from '../objects';
import { route, type ApiRequest, type Route } from '../router';
import { newId } from '../store';

// Webhook endpoints (/v1/webhook_endpoints): create, list, retrieve, update, delete, as `npm run deploy`
// uses them to find or create the endpoint for the API's URL (cdk/preflight/stripe.ts). The signing
// secret is answered once, by create, as Stripe answers it. The emulator still delivers its events to
// the one URL the local stack gives it; these endpoints are records.

const EVENT_TYPE = /^(\*|[a-z_]+(\.[a-z_]+)+)$/;

function endpoints(req: ApiRequest): Record<string, WebhookEndpoint> {
  req.ctx.state.webhookEndpoints ??= {};
  return req.ctx.state.webhookEndpoints;
}

function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidParam('url', `Invalid URL: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw invalidParam('url', `Invalid URL: ${url}`);
  return url;
}

function checkedEvents(events: string[]): string[] {
  if (events.length === 0) throw invalidParam('enabled_events', 'Missing required param: enabled_events.');
  events.forEach((e, i) => {
    if (!EVENT_TYPE.test(e)) throw invalidParam(`enabled_events[${i}]`, `Invalid enabled_events[${i}]: ${e}`);
  });
  return events;
}

function find(req: ApiRequest): WebhookEndpoint {
  const endpoint = endpoints(req)[req.path.id ?? ''];
  if (!endpoint) throw noSuch(req.path.id ?? '');
  return endpoint;
}

function create(req: ApiRequest) {
  const { ctx, params } = req;
  params.allowOnly(['url', 'enabled_events', 'description', 'metadata', 'api_version', 'expand']);
  const endpoint: WebhookEndpoint = {
    id: newId('we'),
    object: 'webhook_endpoint',
    api_version: params.str('api_version') ?? null,
    application: null,
    created: ctx.clock.now(),
    description: params.str('description') ?? null,
    enabled_events: checkedEvents(params.strings('enabled_events')),
    livemode: false,
    metadata: params.metadata(),
    status: 'enabled',
    url: checkedUrl(params.reqStr('url')),
  };
  endpoints(req)[endpoint.id] = endpoint;
  return toJson({ ...endpoint, secret: `whsec_${randomBytes(24).toString('hex')}` });
}

function update(req: ApiRequest) {
  const { params } = req;
  params.allowOnly(['url', 'enabled_events', 'description', 'metadata', 'disabled', 'expand']);
  const endpoint = find(req);
  if (params.has('url')) endpoint.url = checkedUrl(params.reqStr('url'));
  if (params.has('enabled_events')) endpoint.enabled_events = checkedEvents(params.strings('enabled_events'));
  if (params.has('description')) endpoint.description = params.str('description') ?? null;
  const disabled = params.bool('disabled');
  if (disabled !== undefined) endpoint.status = disabled ? 'disabled' : 'enabled';
  return toJson(endpoint);
}

function remove(req: ApiRequest) {
  const endpoint = find(req);
  Reflect.deleteProperty(endpoints(req), endpoint.id);
  return toJson({ id: endpoint.id, object: 'webhook_endpoint', deleted: true });
}

export const webhookEndpointRoutes: Route[] = [
  route('POST', '/v1/webhook_endpoints', create),
  route('GET', '/v1/webhook_endpoints', (req) =>
    listAnswer(req.ctx.state, Object.values(endpoints(req)), req.params, '/v1/webhook_endpoints'),
  ),
  route('GET', '/v1/webhook_endpoints/:id', (req) => toJson(find(req))),
  route('POST', '/v1/webhook_endpoints/:id', update),
  route('DELETE', '/v1/webhook_endpoints/:id', remove),
];

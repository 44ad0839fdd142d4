import { invalidParam } from './errors';
import { expand } from './expand';
import { toJson, type JsonObject } from './json';
import type { Params } from './params';
import type { State } from './store';

/** Stripe's cursor pagination over objects kept in creation order; newest first. */
export function listAnswer(state: State, items: { id: string }[], params: Params, url: string): JsonObject {
  const limit = params.int('limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidParam('limit', 'Invalid limit: must be between 1 and 100');
  let ordered = [...items].reverse();
  const after = params.str('starting_after');
  const before = params.str('ending_before');
  if (after) ordered = ordered.slice(ordered.findIndex((o) => o.id === after) + 1);
  if (before) {
    const at = ordered.findIndex((o) => o.id === before);
    ordered = ordered.slice(Math.max(0, at - limit), Math.max(0, at));
  }
  const page = ordered.slice(0, limit);
  const body: JsonObject = {
    object: 'list',
    data: page.map(toJson),
    has_more: ordered.length > page.length,
    url,
  };
  return expand(state, body, params.expand());
}

import { noSuch } from '../errors';
import { listAnswer } from '../list';
import { route, type Route } from '../router';

export const eventRoutes: Route[] = [
  route('GET', '/v1/events', ({ ctx, params }) => {
    const type = params.str('type');
    const types = params.strings('types');
    const events = Object.values(ctx.state.events).filter(
      (e) =>
        (!type || (type.endsWith('*') ? e.type.startsWith(type.slice(0, -1)) : e.type === type)) &&
        (types.length === 0 || types.includes(e.type)),
    );
    return listAnswer(ctx.state, events, params, '/v1/events');
  }),
  route('GET', '/v1/events/:id', ({ ctx, path }) => {
    const event = ctx.state.events[path.id as string];
    if (!event) throw noSuch(path.id as string);
    return event;
  }),
];

import type Stripe from 'stripe';
import type { Ctx } from '../context';
import { toJson } from '../json';
import { badState, noSuch } from '../errors';
import { listAnswer } from '../list';
import type { TestClock } from '../objects';
import { runDue } from '../renewals';
import { route, type Route } from '../router';
import { newId } from '../store';

/**
 * Stripe's test clocks, minimally: the emulator has one global clock, so advancing any test
 * clock moves that global clock forward to the test clock's time (and never backwards).
 */
function getClock(ctx: Ctx, id: string): TestClock {
  const clock = ctx.state.testClocks[id];
  if (!clock) throw noSuch(id);
  return clock;
}

export const testClockRoutes: Route[] = [
  route('POST', '/v1/test_helpers/test_clocks', ({ ctx, params }) => {
    params.allowOnly(['frozen_time', 'name', 'expand']);
    const frozen = params.reqInt('frozen_time');
    const id = newId('clock');
    const clock: TestClock = {
      id,
      object: 'test_helpers.test_clock',
      created: ctx.clock.now(),
      deletes_after: ctx.clock.now() + 30 * 86400,
      frozen_time: frozen,
      livemode: false,
      name: params.str('name') ?? null,
      status: 'ready',
      status_details: {},
    };
    ctx.state.testClocks[id] = clock;
    return clock;
  }),
  route('GET', '/v1/test_helpers/test_clocks', ({ ctx, params }) =>
    listAnswer(ctx.state, Object.values(ctx.state.testClocks), params, '/v1/test_helpers/test_clocks'),
  ),
  route('GET', '/v1/test_helpers/test_clocks/:id', ({ ctx, path }) => getClock(ctx, path.id as string)),
  route('POST', '/v1/test_helpers/test_clocks/:id/advance', ({ ctx, params, path }) => {
    params.allowOnly(['frozen_time', 'expand']);
    const clock = getClock(ctx, path.id as string);
    const to = params.reqInt('frozen_time');
    if (to < clock.frozen_time) throw badState('The frozen_time must be after the current frozen_time.');
    clock.frozen_time = to;
    ctx.clock.advanceTo(to);
    runDue(ctx);
    ctx.webhooks.wake();
    return clock;
  }),
  route('DELETE', '/v1/test_helpers/test_clocks/:id', ({ ctx, path }) => {
    getClock(ctx, path.id as string);
    Reflect.deleteProperty(ctx.state.testClocks, path.id as string);
    const deleted: Stripe.TestHelpers.DeletedTestClock = {
      id: path.id as string,
      object: 'test_helpers.test_clock',
      deleted: true,
    };
    return toJson(deleted);
  }),
];

import type { Ctx } from './context';
import { badState, invalidParam, noSuch } from './errors';
import { addFault, clearFaults, FAULT_KINDS, isFaultKind, listFaults } from './faults';
import type { JsonObject } from './json';
import { latencyOf, MAX_LATENCY_MS, setLatency } from './latency';
import type { Params } from './params';
import { runDue } from './renewals';

/**
 * The emulator's own controls under /_emulator (no API key): the clock that drives renewals,
 * the event delivery log with a resend button for tests that replay webhooks, lost answers, and a
 * latency added to every API answer.
 */
export function handleAdmin(ctx: Ctx, method: string, path: string, params: Params): JsonObject | undefined {
  const clockAnswer = (): JsonObject => ({ now: ctx.clock.now(), offset: ctx.clock.offset });
  if (method === 'GET' && path === '/_emulator/clock') return clockAnswer();
  if (method === 'POST' && path === '/_emulator/clock/advance') {
    if (ctx.clockFixed) throw badState(ctx.clockFixed, 'clock_fixed');
    const seconds = params.int('seconds');
    const to = params.int('to');
    if (seconds === undefined && to === undefined) throw invalidParam('seconds', 'Give `seconds` or `to`.');
    if (seconds !== undefined && seconds < 0) throw invalidParam('seconds', 'The clock only moves forward.');
    ctx.clock.advanceTo(to ?? ctx.clock.now() + (seconds as number));
    // Renewals and their webhooks, and webhook retries now due, are queued before this answers.
    runDue(ctx);
    ctx.webhooks.wake();
    return clockAnswer();
  }
  if (method === 'GET' && path === '/_emulator/events') {
    const type = params.str('type');
    const data = Object.values(ctx.state.events)
      .filter((e) => !type || e.type === type)
      .map((e) => ({
        id: e.id,
        type: e.type,
        created: e.created,
        object_id: typeof e.data.object.id === 'string' ? e.data.object.id : null,
        delivery: ctx.state.deliveries[e.id] ?? null,
      }));
    return { object: 'list', data };
  }
  const resend = /^\/_emulator\/events\/([^/]+)\/resend$/.exec(path);
  if (method === 'POST' && resend) {
    const id = decodeURIComponent(resend[1] as string);
    if (!ctx.state.events[id]) throw noSuch(id);
    return { id, resent: ctx.webhooks.resend(id) };
  }
  // Lost answers, 500s and Stripe's busy answers (faults.ts): `{ method, path: <regular expression>, times, kind }`.
  if (method === 'POST' && path === '/_emulator/faults') {
    const pattern = params.str('path');
    if (!pattern) throw invalidParam('path', 'Give `path`, a regular expression for the request path.');
    const kind = params.str('kind') ?? 'drop';
    if (!isFaultKind(kind)) {
      throw invalidParam('kind', `\`kind\` is one of ${FAULT_KINDS.join(', ')}.`);
    }
    addFault(ctx, {
      method: (params.str('method') ?? 'POST').toUpperCase(),
      path: new RegExp(pattern),
      remaining: params.int('times') ?? 1,
      kind,
    });
  }
  if (method === 'DELETE' && path === '/_emulator/faults') clearFaults(ctx);
  if (path === '/_emulator/faults' && ['GET', 'POST', 'DELETE'].includes(method)) {
    const data = listFaults(ctx).map((f) => ({
      method: f.method,
      path: f.path.source,
      remaining: f.remaining,
      kind: f.kind ?? 'drop',
    }));
    return { object: 'list', data };
  }
  if (method === 'POST' && path === '/_emulator/latency') {
    const ms = params.int('ms');
    if (ms === undefined || ms < 0 || ms > MAX_LATENCY_MS)
      throw invalidParam('ms', `Give \`ms\`, a whole number of milliseconds from 0 to ${MAX_LATENCY_MS}.`);
    setLatency(ctx, ms);
  }
  if (path === '/_emulator/latency' && (method === 'GET' || method === 'POST')) return { ms: latencyOf(ctx) };
  if (method === 'GET' && path === '/_emulator/health') return { ok: true, now: ctx.clock.now() };
  return undefined;
}

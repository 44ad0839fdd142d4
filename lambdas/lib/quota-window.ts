// The fixed windows limits are counted in (UTC days, UTC hours): a window's name is part of its
// counter's key, so a new window starts a new count without any reset.

export interface QuotaWindow {
  /** E.g. 2026-11-24 or 2026-11-24T15. */
  name: string;
  /** Epoch ms when the window ends. */
  endsAt: number;
}

export function dayWindow(now = Date.now()): QuotaWindow {
  const start = new Date(now);
  start.setUTCHours(0, 0, 0, 0);
  return { name: start.toISOString().slice(0, 10), endsAt: start.getTime() + 86_400_000 };
}

export function hourWindow(now = Date.now()): QuotaWindow {
  const start = new Date(now);
  start.setUTCMinutes(0, 0, 0);
  return { name: start.toISOString().slice(0, 13), endsAt: start.getTime() + 3_600_000 };
}

/** Whole seconds until the window ends (at least 1), for Retry-After. */
export const secondsLeft = (window: QuotaWindow, now = Date.now()): number =>
  Math.max(1, Math.ceil((window.endsAt - now) / 1000));

/** A counter stays a day past its window, then DynamoDB may remove it (epoch seconds). */
export const counterExpiry = (window: QuotaWindow): number => Math.floor(window.endsAt / 1000) + 86_400;

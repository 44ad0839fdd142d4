/** The emulator's single notion of "now": real time plus an offset the tests can push forward. */
export class Clock {
  constructor(private offsetSeconds = 0) {}

  now(): number {
    return Math.floor(Date.now() / 1000) + this.offsetSeconds;
  }

  /** The same "now" in milliseconds, for what happens within a second (webhook retries). */
  nowMs(): number {
    return Date.now() + this.offsetSeconds * 1000;
  }

  get offset(): number {
    return this.offsetSeconds;
  }

  /** Moves to `to` (never backwards: renewals already made cannot be undone). */
  advanceTo(to: number): number {
    const realNow = Math.floor(Date.now() / 1000);
    this.offsetSeconds = Math.max(this.offsetSeconds, to - realNow);
    return this.now();
  }
}

/** One calendar month later, clamped to the month's last day, as Stripe bills monthly prices. */
export function addMonths(epochSeconds: number, months: number): number {
  const d = new Date(epochSeconds * 1000);
  const day = d.getUTCDate();
  const target = new Date(d.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

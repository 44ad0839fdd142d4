import type { Clock } from './clock';
import type { State } from './store';
import type { Webhooks } from './webhooks';

/** What every resource handler works with. Handlers are synchronous, so each request is atomic. */
export type Ctx = {
  state: State;
  clock: Clock;
  webhooks: Webhooks;
  log(line: string): void;
  /** The emulator's own URL, for the links it puts in objects (an invoice's receipt page and PDF). */
  origin: string;
  /** The business an invoice names as its issuer (Stripe's `account_name`). */
  businessName: string;
  /** Set when the clock must not move, with the reason /_emulator/clock/advance answers. */
  clockFixed?: string;
};

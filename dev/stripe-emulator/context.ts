import type { Clock } from './clock';
import type { State } from './store';
import type { Webhooks } from './webhooks';

/** What every resource handler works with. Handlers are synchronous, so each request is atomic. */
export type Ctx = {
  state: State;
  clock: Clock;
  webhooks: Webhooks;
  log(line: string): void;
};

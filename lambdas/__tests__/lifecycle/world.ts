import { randomUUID } from 'node:crypto';
import type { Api, Bff, User } from '../support/bff';
import { emulatorEvents, webhooksHandled } from '../rounds/round';

// The real side of one lifecycle run: the shared local stack, the run's people (the subscriber, a
// colleague), and the requests they send. Every answer is recorded; a 5xx fails the command at once.

export class World {
  colleague: User | null = null;
  /** Machines named per holder, so a run's checks reuse them instead of piling new ones up. */
  readonly runId = randomUUID().slice(0, 8);
  /** The requests of the command running now, with their answers (printed when a command fails). */
  log: string[] = [];
  private seen = new Set<string>();
  /** LIFECYCLE_VERBOSE=1: each command as it ends, on stderr (Jest holds console output back). */
  trace = (line: string) => {
    if (process.env.LIFECYCLE_VERBOSE) process.stderr.write(`  [${this.runId}] ${line}\n`);
  };

  constructor(
    readonly bff: Bff,
    readonly owner: User,
  ) {}

  static async start(bff: Bff): Promise<World> {
    const w = new World(bff, await bff.newUser());
    await w.markEvents();
    return w;
  }

  /** A request as the site sends it (an Idempotency-Key on writes); never 5xx. */
  async call(
    method: string,
    route: string,
    opts: { user?: User; body?: unknown; query?: Record<string, string> } = {},
  ): Promise<Api> {
    const headers = method === 'GET' ? undefined : { 'idempotency-key': randomUUID() };
    const res = await this.bff.call(method, route, { user: opts.user ?? this.owner, ...opts, headers });
    this.log.push(`${method} ${route} -> ${res.status}${res.body.error ? ` ${res.body.error.code}` : ''}`);
    if (res.status >= 500)
      throw new Error(`${method} ${route} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res;
  }

  /** A call that must succeed: its body. */
  async ok(
    method: string,
    route: string,
    opts: { user?: User; body?: unknown; query?: Record<string, string> } = {},
  ): Promise<Api['body']> {
    const res = await this.call(method, route, opts);
    if (res.status !== 200)
      throw new Error(`${method} ${route} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  private async markEvents(): Promise<void> {
    for (const e of await emulatorEvents()) this.seen.add(e.id);
  }

  /** Waits until Stripe's webhooks about what happened were delivered and answered 2xx. */
  async settle(): Promise<void> {
    const missing = await webhooksHandled(this.seen);
    await this.markEvents();
    if (missing.length) throw new Error(missing.join('\n'));
  }

  async clock(): Promise<number> {
    const res = await fetch(`${this.bff.info.stripeApi}/_emulator/clock`);
    return ((await res.json()) as { now: number }).now;
  }

  async advance(seconds: number): Promise<void> {
    const res = await fetch(`${this.bff.info.stripeApi}/_emulator/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds }),
    });
    if (res.status !== 200) throw new Error(`the Stripe clock answered ${res.status}`);
  }

  /** A card of its own (a random Visa number), expiring when asked: each run is its own household. */
  async card(exp: { month: number; year: number } = { month: 12, year: 2099 }): Promise<string> {
    const digits = [4, ...Array.from({ length: 14 }, () => Math.floor(Math.random() * 10))];
    const sum = digits
      .slice()
      .reverse()
      .reduce((n, d, i) => n + (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
    const pm = await this.bff.stripe.paymentMethods.create({
      type: 'card',
      card: {
        number: [...digits, (10 - (sum % 10)) % 10].join(''),
        exp_month: exp.month,
        exp_year: exp.year,
        cvc: '123',
      },
    });
    return pm.id;
  }

  async getColleague(): Promise<User> {
    this.colleague ??= await this.bff.newUser();
    return this.colleague;
  }

  /** The machine a holder checks the license on (one of three per holder). */
  machine(holder: string, n: number) {
    return {
      id: `lc-${this.runId}-${holder.slice(0, 6)}-${n}`,
      name: `PC ${n}`,
      platform: 'windows' as const,
      appVersion: '5.2.0',
    };
  }
}

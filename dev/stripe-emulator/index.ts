import { Clock } from './clock';
import type { Ctx } from './context';
import { runDue } from './renewals';
import { createEmulatorServer } from './server';
import { moveReceiptUrls } from './receipts/urls';
import { loadState, newId, saveState } from './store';
import { Webhooks } from './webhooks';
import { listen } from '../listen';

export type StripeEmulatorOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  webhookSecret?: string;
  webhookUrl?: string;
  /** JSON file the state is saved to after every write and loaded from on start. */
  statePath?: string;
  logger?: (line: string) => void;
  /** The business invoices and receipts name (Stripe's account name); "Stripe emulator" unless given. */
  businessName?: string;
  /**
   * Why the clock stays where it is, when it does: /_emulator/clock/advance then answers 400 with this
   * reason (an emulator shared by several test files, whose time one of them must not move for all).
   */
  clockFixed?: string;
};

export type StripeEmulator = {
  url: string;
  port: number;
  /** The stand-in for Stripe.js, to load before @stripe/stripe-js in local mode. */
  jsUrl: string;
  webhookSecret: string;
  setWebhookUrl(url: string | undefined): void;
  stop(): Promise<void>;
};

/** Time moves on its own too; this catches renewals due while nobody calls. */
const SWEEP_MS = 30_000;
const SAVE_DELAY_MS = 250;

export async function startStripeEmulator(opts: StripeEmulatorOptions = {}): Promise<StripeEmulator> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.logger ?? (() => undefined);
  const state = loadState(opts.statePath);
  const clock = new Clock(state.clockOffset);
  // Writing the whole state after every change cost up to ~100 ms per request once it had grown, so
  // changes are written at most every SAVE_DELAY_MS; stop() writes whatever is still pending.
  let pending: NodeJS.Timeout | undefined;
  const writeNow = (): void => {
    clearTimeout(pending);
    pending = undefined;
    state.clockOffset = clock.offset;
    saveState(opts.statePath, state);
  };
  const save = (): void => {
    if (!opts.statePath || pending) return;
    pending = setTimeout(writeNow, SAVE_DELAY_MS);
    pending.unref();
  };
  const webhookSecret = opts.webhookSecret ?? `whsec_${newId('x', 32).slice(2)}`;
  const webhooks = new Webhooks(
    { state, now: () => clock.now(), nowMs: () => clock.nowMs(), save, log },
    webhookSecret,
    opts.webhookUrl,
  );
  // The origin is known once listening; nothing reads it before the first request.
  const ctx: Ctx = {
    state,
    clock,
    webhooks,
    log,
    origin: '',
    businessName: opts.businessName ?? 'Stripe emulator',
    clockFixed: opts.clockFixed,
  };
  const server = createEmulatorServer(ctx, save);
  const running = await listen(server, opts.port ?? 0, host);
  ctx.origin = running.url;
  moveReceiptUrls(state.invoices, running.url);
  const sweep = setInterval(() => {
    runDue(ctx);
    save();
  }, SWEEP_MS);
  sweep.unref();
  const { url, port } = running;
  log(`stripe emulator listening on ${url}`);
  return {
    url,
    port,
    jsUrl: `${url}/js/stripe.js`,
    webhookSecret,
    setWebhookUrl: (next) => webhooks.setUrl(next),
    stop: async () => {
      clearInterval(sweep);
      webhooks.stop();
      writeNow();
      await running.stop();
    },
  };
}

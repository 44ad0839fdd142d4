import { parseArgs } from 'node:util';
import { startStripeEmulator } from './index';

/** `npx tsx dev/stripe-emulator/cli.ts --port 12111 --state .local/stripe.json --webhook-url ... --webhook-secret whsec_...` */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '12111' },
    host: { type: 'string', default: '127.0.0.1' },
    state: { type: 'string' },
    'webhook-url': { type: 'string' },
    'webhook-secret': { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

async function main(): Promise<void> {
  const emulator = await startStripeEmulator({
    port: Number(values.port),
    host: values.host,
    statePath: values.state,
    webhookUrl: values['webhook-url'],
    webhookSecret: values['webhook-secret'],
    logger: values.quiet ? undefined : (line) => console.log(`[stripe] ${line}`),
  });
  console.log(
    JSON.stringify({ url: emulator.url, jsUrl: emulator.jsUrl, webhookSecret: emulator.webhookSecret }),
  );
  const stop = (): void => {
    void emulator.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

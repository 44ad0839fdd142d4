import { handlerEnv } from '../dev/local-stack';
import { readStackInfo } from '../dev/stack-info';
import { parsePriceChangeArgs } from './price-change/args';
import { escapeForTerminal } from '../src/lib/unsafe-text';

// `npm run price-change -- --price <price id> --effective <YYYY-MM-DD>`: announces a new monthly price
// to every subscriber by mail and moves each subscription to it at its first renewal on or after the
// date, at least 30 days after its mail (lambdas/price-change/announce.ts). A date less than 30 days
// away is refused. Run it again after any failure: it finishes what is left and mails nobody twice.
//
// Against the local stack (`npm start`; `--stack-dir` when not .local/) it uses the stack's settings
// and the Stripe emulator's clock; against a deployment, the environment the handlers get (TABLE_NAME,
// STRIPE_SECRET_ARN, SITE_URL, MAIL_FROM, SUPPORT_EMAIL, AWS_REGION) and AWS credentials allowed to use
// the table, the Stripe secret and SES (docs/mail.md).

/** The local stack's settings, when no deployment's are given; and its Stripe's clock. */
async function localSettings(stackDir: string): Promise<(() => Promise<number>) | undefined> {
  if (process.env.TABLE_NAME) return undefined;
  const info = await readStackInfo(stackDir);
  if (!info)
    throw new Error(`No local stack in ${stackDir} (start it with npm start), and no TABLE_NAME set.`);
  Object.assign(process.env, handlerEnv(info), {
    AWS_ACCESS_KEY_ID: info.adminCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: info.adminCredentials.secretAccessKey,
  });
  return async () => {
    const clock = (await (await fetch(`${info.stripeApi}/_emulator/clock`)).json()) as { now: number };
    return clock.now;
  };
}

async function main(): Promise<number> {
  const args = parsePriceChangeArgs(process.argv.slice(2));
  const emulatorClock = await localSettings(args.stackDir);
  // Loaded after the environment is set: the handlers' modules read it.
  const { announcePriceChange, PriceChangeRefused } = await import('../lambdas/price-change/announce');
  const now = emulatorClock ? await emulatorClock() : Math.floor(Date.now() / 1000);
  try {
    const report = await announcePriceChange({
      priceId: args.price,
      effective: Date.parse(`${args.effective}T00:00:00Z`) / 1000,
      now,
    });
    console.log(
      `${report.subscriptions} subscriptions: ${report.mailed} mailed now, ${report.alreadyMailed} mailed before, ` +
        `${report.moved} on the new price already, ${report.skipped} skipped, ${report.failures.length} failed`,
    );
    // An error's message may quote what a customer stored (a name, an address): escaped for the terminal.
    for (const f of report.failures)
      console.error(escapeForTerminal(`failed: ${f.subscriptionId}: ${f.error}`));
    if (report.failures.length) console.error('Run the same command again to finish.');
    return report.failures.length ? 1 : 0;
  } catch (err) {
    if (err instanceof PriceChangeRefused) {
      console.error(`Refused: ${err.message}`);
      return 2;
    }
    throw err;
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

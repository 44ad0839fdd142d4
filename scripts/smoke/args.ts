import { parseArgs } from 'node:util';

// The smoke test's command line. Pure: argv and the environment in, options (or a usage error) out.

export const USAGE = `Usage: npm run smoke [-- options]

Without --url: checks the local stack that \`npm start\` runs (its .local/stack.json, or LOCAL_DIR's),
signed in as the demo user. With --url: checks a deployed site.

  --url <site>          the deployed site, e.g. https://www.example.com
  --email <address>     the smoke user (env SMOKE_EMAIL; locally the demo user)
  --password <secret>   its password (env SMOKE_PASSWORD)
  --region <region>     the user pool's region   } default: cdk.out/backend-outputs.json,
  --client-id <id>      the app client id        } the stack whose site is --url
  --outputs <file>      the deploy's outputs file (default cdk.out/backend-outputs.json)
  --table <name>        the DynamoDB table (deploys only; default: the one table of the backend stack),
                        where the email round trip reads its recovery code
  --help                this text

Besides the public checks it proves what a first deploy can get wrong: a signed test-mode webhook event
is accepted (the stored webhook secret is Stripe's), a throwaway sign-up (a +alias of --email, or of the
support address) passes the Cognito triggers and is deleted, the scheduled sync runs once, and for a
deploy the web ACL is on the distribution and the CSP allows Stripe.js's published origins. These read
the deploy's outputs file with your AWS credentials.

The signed-in round trip (skipped for a deploy without a smoke user) reads licenses and subscriptions (the smoke user needs one license in force:
buy it once on the site, in Stripe test mode; the local demo user gets one on the first run), then
changes the user's email to a +smoke alias and restores it through the recovery link update-email
mails to the old address. Its code is read from the local outbox, or for a deploy from DynamoDB with
your AWS credentials; nothing is changed unless that read works first.`;

export interface SmokeOptions {
  /** The deployed site's origin; undefined: the local stack. */
  url?: string;
  email?: string;
  password?: string;
  region?: string;
  clientId?: string;
  outputsFile?: string;
  table?: string;
  /** State directory of the local stack (LOCAL_DIR, default .local). */
  localDir: string;
}

export type ParsedArgs = { help: true } | { help: false; options: SmokeOptions } | { error: string };

export function parseSmokeArgs(argv: string[], env: Record<string, string | undefined>): ParsedArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        region: { type: 'string' },
        'client-id': { type: 'string' },
        outputs: { type: 'string' },
        table: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
  if (values.help) return { help: true };
  const str = (name: string): string | undefined => {
    const value = values[name];
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };

  let url: string | undefined;
  const rawUrl = str('url');
  if (rawUrl !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(rawUrl);
    } catch {
      return { error: `--url ${rawUrl} is not a URL (e.g. https://www.example.com)` };
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      return { error: `--url ${rawUrl}: http or https only` };
    }
    url = parsed.origin;
  }
  return {
    help: false,
    options: {
      url,
      email: str('email') ?? (env.SMOKE_EMAIL?.trim() || undefined),
      password: str('password') ?? (env.SMOKE_PASSWORD || undefined),
      region: str('region'),
      clientId: str('client-id'),
      outputsFile: str('outputs'),
      table: str('table'),
      localDir: env.LOCAL_DIR || '.local',
    },
  };
}

import { parseArgs } from 'node:util';

// The support tool's command line. Pure: argv and the environment in, a command (or a usage error) out.

export const USAGE = `Usage: npm run support -- <command> [options]

Commands (each writes an audit record: who, when, what, with what outcome):
  lookup <email>                 the account: sign-in, subscription, licenses and their machines,
                                 billing details, terms accepted, refunds, recent actions and mails
  turn-off-two-factor <email>    a lost authenticator phone: two-factor sign-in off, so the password
                                 alone signs in (check who is asking first: the account's email, its
                                 licenses, its last card digits); they can turn it on again on Profile
  remove-passkeys <email>        a lost device holding a passkey (check who is asking first): ends every
                                 session at once and records the removal; Cognito lets only the owner
                                 delete a passkey, so the account's pages are refused until the next
                                 sign-in, whose site removes them and signs out everywhere
  refund <email> [--amount <usd>] [--yes]
                                 outside the satisfaction guarantee: refunds the latest payment of the
                                 account's subscription (all of it, or --amount dollars of it); the
                                 licenses stay as they are. Without --yes it says what it would do.

Target: the local stack that \`npm start\` runs (its .local/stack.json, or LOCAL_DIR's), or with --url a
deployment, read with your AWS credentials (AWS_PROFILE or the usual environment):
  --url <site>             the deployed site; its stack's outputs are read from --outputs when this
                           checkout deployed it, else from AWS (SSM /stockbench/<env>/backend-outputs)
  --outputs <file>         the deploy's outputs file (default cdk.out/backend-outputs.json)
  --region <region>        the backend's region (default: AWS_REGION, or the outputs file's)
  --user-pool <id>         } default: from the stack's outputs
  --stripe-secret <arn>    }
  --table <name>           }
  --operator <name>        who does it, for the audit record (env SUPPORT_OPERATOR; default your login)
  --json                   lookup answers JSON`;

type Command =
  | { name: 'lookup'; email: string }
  | { name: 'turn-off-two-factor'; email: string }
  | { name: 'remove-passkeys'; email: string }
  | { name: 'refund'; email: string; amountCents?: number; yes: boolean };

export interface SupportOptions {
  command: Command;
  operator: string;
  json: boolean;
  url?: string;
  outputsFile?: string;
  region?: string;
  userPool?: string;
  stripeSecret?: string;
  table?: string;
  localDir: string;
}

export type Parsed = { help: true } | { help: false; options: SupportOptions } | { error: string };

export function parseSupportArgs(
  argv: string[],
  env: Record<string, string | undefined>,
  login: string,
): Parsed {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  const [name, email, ...rest] = positionals;
  if (!name) return { error: 'a command is missing' };
  if (!email || !email.includes('@')) return { error: `${name}: the account's email address is missing` };
  if (rest.length) return { error: `unexpected: ${rest.join(' ')}` };
  let command: Command;
  if (name === 'lookup' || name === 'turn-off-two-factor' || name === 'remove-passkeys')
    command = { name, email };
  else if (name === 'refund') {
    let amountCents: number | undefined;
    if (values.amount !== undefined) {
      if (!/^\d+(\.\d{1,2})?$/.test(values.amount))
        return { error: `--amount ${values.amount}: dollars, such as 15 or 7.50` };
      amountCents = Math.round(Number(values.amount) * 100);
      if (amountCents < 1) return { error: '--amount must be more than 0' };
    }
    command = { name, email, amountCents, yes: values.yes === true };
  } else return { error: `unknown command ${name}` };
  return {
    help: false,
    options: {
      command,
      operator: values.operator ?? env.SUPPORT_OPERATOR ?? login,
      json: values.json === true,
      url: values.url,
      outputsFile: values.outputs,
      region: values.region,
      userPool: values['user-pool'],
      stripeSecret: values['stripe-secret'],
      table: values.table,
      localDir: env.LOCAL_DIR ?? '.local',
    },
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      amount: { type: 'string' },
      yes: { type: 'boolean' },
      json: { type: 'boolean' },
      operator: { type: 'string' },
      url: { type: 'string' },
      outputs: { type: 'string' },
      region: { type: 'string' },
      'user-pool': { type: 'string' },
      'stripe-secret': { type: 'string' },
      table: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
}

import { resetConfig } from '../../lambdas/lib/config';
import { resetDb } from '../../lambdas/lib/repository/client';
import { resetSecrets } from '../../lambdas/lib/secrets';
import { escapeForTerminal } from '../../src/lib/unsafe-text';
import { parseSupportArgs, USAGE } from './args';
import { refundFor, removePasskeysFor, turnOffTwoFactorFor } from './actions';
import { writeAudit } from './audit';
import { lookup, lookupText } from './lookup';
import { resolveSupportTarget } from './target';

// `npm run support -- <command>`: runs one command against the local stack or a deployment, with the
// product's own adapters, and writes its audit record. Answers the exit code; `print` gets the output,
// one line at a time, with what a customer wrote (names, addresses) unable to move the cursor, erase
// lines, make links or reorder text in the operator's terminal (src/lib/unsafe-text.ts).

export async function support(
  argv: string[],
  env: Record<string, string | undefined>,
  login: string,
  printLine: (line: string) => void,
): Promise<number> {
  // A line feed inside a value (a record stored before the API refused it) is escaped with the rest:
  // only this program's own text is split into lines.
  const print = (text: string) => {
    for (const line of text.split('\n')) printLine(escapeForTerminal(line));
  };
  const printData = (line: string) => printLine(escapeForTerminal(line));
  const parsed = parseSupportArgs(argv, env, login);
  if ('error' in parsed) {
    print(`${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.help) {
    print(USAGE);
    return 0;
  }
  const { options } = parsed;
  const target = await resolveSupportTarget(options);
  Object.assign(process.env, target.env);
  resetConfig();
  resetDb();
  resetSecrets();

  const { command } = options;
  const audit = (o: { uid?: string; outcome: string; details?: Record<string, unknown> }) =>
    writeAudit({
      at: new Date().toISOString(),
      operator: options.operator,
      command: command.name,
      email: command.email,
      target: target.label,
      ...o,
    });
  if (command.name === 'lookup') {
    const report = await lookup(command.email, target.outbox);
    await audit({
      uid: report.found ? report.uid : undefined,
      outcome: report.found ? 'looked up' : 'no such account',
    });
    // JSON.stringify writes a line feed inside a string as \\n, so the JSON's own lines split safely;
    // the escapes left (\\u202e) are JSON's own, so the output still parses to what is stored.
    if (options.json) print(JSON.stringify(report, null, 2));
    else for (const line of lookupText(report)) printData(line);
    return report.found ? 0 : 1;
  }
  const result =
    command.name === 'turn-off-two-factor'
      ? await turnOffTwoFactorFor(command.email)
      : command.name === 'remove-passkeys'
        ? await removePasskeysFor(command.email, options.operator)
        : await refundFor(command.email, {
            amountCents: command.amountCents,
            go: command.yes,
            operator: options.operator,
          });
  await audit(result);
  printData(result.outcome);
  return result.uid && !result.outcome.startsWith('refused') ? 0 : 1;
}

import { resetConfig } from '../../lambdas/lib/config';
import { resetDb } from '../../lambdas/lib/repository/client';
import { resetSecrets } from '../../lambdas/lib/secrets';
import { parseSupportArgs, USAGE } from './args';
import { refundFor, turnOffTwoFactorFor } from './actions';
import { writeAudit } from './audit';
import { lookup, lookupText } from './lookup';
import { resolveSupportTarget } from './target';

// `npm run support -- <command>`: runs one command against the local stack or a deployment, with the
// product's own adapters, and writes its audit record. Answers the exit code; `print` gets the output.

export async function support(
  argv: string[],
  env: Record<string, string | undefined>,
  login: string,
  print: (line: string) => void,
): Promise<number> {
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
    if (options.json) print(JSON.stringify(report, null, 2));
    else for (const line of lookupText(report)) print(line);
    return report.found ? 0 : 1;
  }
  const result =
    command.name === 'turn-off-two-factor'
      ? await turnOffTwoFactorFor(command.email)
      : await refundFor(command.email, {
          amountCents: command.amountCents,
          go: command.yes,
          operator: options.operator,
        });
  await audit(result);
  print(result.outcome);
  return result.uid && !result.outcome.startsWith('refused') ? 0 : 1;
}

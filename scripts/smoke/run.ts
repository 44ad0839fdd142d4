// The smoke test as a function: argv and environment in, lines out, the exit code answered.
import { parseSmokeArgs, USAGE } from './args';
import {
  checkHealth,
  checkLicensePublicKey,
  checkOriginRefused,
  checkSecurityHeaders,
  checkWebhookSignature,
} from './checks';
import {
  checkSignedWebhook,
  checkStripeCsp,
  checkSyncJob,
  checkThrowawaySignUp,
  checkWebAclAttached,
} from './first-deploy-checks';
import { checkEndSessionsRefusesUnknownCode } from './end-sessions';
import { DynamoDbCodes, OutboxCodes, type RecoveryCodeSource } from './recovery-code';
import { reason, Report } from './report';
import { signedInRoundTrip } from './round-trip';
import { resolveTarget, type Target } from './target';

function codeSource(target: Target): RecoveryCodeSource | undefined {
  if (target.local) return new OutboxCodes(target.local.info.outbox);
  if (!target.cognito.region) return undefined;
  return new DynamoDbCodes(target.cognito.region, target.deploy?.table);
}

export async function smoke(
  argv: string[],
  env: Record<string, string | undefined>,
  print: (line: string) => void,
): Promise<number> {
  const parsed = parseSmokeArgs(argv, env);
  if ('error' in parsed) {
    print(`${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.help) {
    print(USAGE);
    return 0;
  }
  const report = new Report(print);
  let target: Target;
  try {
    target = await resolveTarget(parsed.options);
  } catch (err) {
    report.fail('find what to check', reason(err));
    print(report.summary(parsed.options.url ?? 'local stack'));
    return 1;
  }
  for (const note of target.notes) print(`# ${note}`);

  await checkHealth(target, report);
  const publicKey = await checkLicensePublicKey(target, report);
  await checkSecurityHeaders(target, report);
  await checkWebhookSignature(target, report);
  await checkEndSessionsRefusesUnknownCode(target, report);
  await checkOriginRefused(target, report);
  await checkWebAclAttached(target, report);
  await checkStripeCsp(target, report);
  await checkSignedWebhook(target, report);
  await checkThrowawaySignUp(target, report);
  await checkSyncJob(target, report);
  if (!target.local && !target.credentials) {
    // A first deploy has no smoke user yet: the round trip needs one with a license (docs/deploying.md).
    report.skip(
      'signed-in round trip',
      'no smoke user (--email and --password, or SMOKE_EMAIL and SMOKE_PASSWORD)',
    );
  } else {
    await signedInRoundTrip(target, report, codeSource(target), publicKey);
  }

  print(report.summary(target.label));
  return report.failed === 0 ? 0 : 1;
}

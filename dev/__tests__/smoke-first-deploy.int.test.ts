import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import {
  checkSignedWebhook,
  checkSyncJob,
  checkThrowawaySignUp,
} from '../../scripts/smoke/first-deploy-checks';
import { Report } from '../../scripts/smoke/report';
import { resolveTarget } from '../../scripts/smoke/target';
import { localCognitoClient } from '../cognito/setup';
import { startLocalStack, type LocalStack } from '../local-stack';

// The smoke test's checks of a first deploy, run against the local stack as `npm run smoke` runs them:
// a throwaway sign-up through the Cognito triggers (and its user deleted after), a signed test-mode
// webhook event accepted with the stack's secret, and the scheduled sync run once.

let dir: string;
let stack: LocalStack;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'smoke-checks-'));
  stack = await startLocalStack({ dir, ports: 'auto', log: () => undefined, handlerLog: () => undefined });
});
afterAll(async () => {
  await stack?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function run(check: (t: Awaited<ReturnType<typeof resolveTarget>>, r: Report) => Promise<void>) {
  const lines: string[] = [];
  const report = new Report((line) => lines.push(line));
  await check(await resolveTarget({ localDir: dir }), report);
  return { lines, failed: report.failed };
}

async function usersLike(prefix: string): Promise<string[]> {
  const client = localCognitoClient(stack.info.cognitoEndpoint);
  try {
    const { Users } = await client.send(new ListUsersCommand({ UserPoolId: stack.info.userPoolId }));
    return (Users ?? [])
      .map((u) => u.Attributes?.find((a) => a.Name === 'email')?.Value ?? '')
      .filter((e) => e.includes(prefix));
  } finally {
    client.destroy();
  }
}

it('a throwaway sign-up passes the triggers, mails its code, and leaves no user behind', async () => {
  const { lines, failed } = await run(checkThrowawaySignUp);
  expect({ lines, failed }).toEqual({
    lines: [expect.stringMatching(/^ok {3}a throwaway sign-up .*PreSignUp accepted it/)],
    failed: 0,
  });
  expect(await usersLike('+smoke-signup-')).toEqual([]);
});

it("a signed test-mode event is accepted with the stack's webhook secret", async () => {
  const { lines, failed } = await run(checkSignedWebhook);
  expect({ lines, failed }).toEqual({ lines: [expect.stringMatching(/^ok {3}.*200, received$/)], failed: 0 });
});

it('the scheduled sync runs once', async () => {
  const { lines, failed } = await run(checkSyncJob);
  expect({ lines, failed }).toEqual({
    lines: [expect.stringMatching(/^ok {3}the scheduled sync-subscriptions runs once: 0 stale/)],
    failed: 0,
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DescribeUserPoolCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { localCognitoClient } from '../cognito/setup';
import { localDynamoDbClient } from '../dynamodb';
import { FIXED_PORTS, localStripe, startLocalStack } from '../local-stack';
import { freePort, isPortOpen, waitForProcess } from '../ports';
import { readStackInfo, type StackInfo } from '../stack-info';
import type { OutboxMessage } from '../outbox';
import { siteConfig } from '../../src/config';

// The local stack from scratch, as `npm start` runs it (without the site: its build is tested elsewhere).

const root = path.join(__dirname, '..', '..');

async function expectServicesAnswer(info: StackInfo): Promise<void> {
  const dynamodb = localDynamoDbClient(info.dynamodb);
  const { TableNames } = await dynamodb.send(new ListTablesCommand({}));
  dynamodb.destroy();
  expect(TableNames).toContain(info.tableName);

  const cognito = localCognitoClient(info.cognitoEndpoint, info.adminCredentials);
  const { UserPool } = await cognito.send(new DescribeUserPoolCommand({ UserPoolId: info.userPoolId }));
  cognito.destroy();
  expect(UserPool?.UsernameAttributes).toEqual(['email']);
  expect(UserPool?.Policies?.PasswordPolicy?.MinimumLength).toBe(6);

  const price = await localStripe(Number(new URL(info.stripeApi).port)).prices.retrieve(info.stripePriceId);
  // The price the site states (src/config.ts) is the price Stripe charges.
  expect(price).toMatchObject({
    unit_amount: siteConfig.licensePriceUsd * 100,
    currency: 'usd',
    lookup_key: 'license-monthly',
  });
  expect(price.recurring?.interval).toBe('month');

  const outbox = await fetch(info.outbox);
  expect(outbox.status).toBe(200);
  expect(await outbox.text()).toContain('Outbox');
  const health = await fetch(`${info.api}/health`);
  expect(await health.json()).toEqual({ status: 'ok' });
}

const pidAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * `npm start --no-site` as package.json's start script runs it: one Node process with tsx's loader (the
 * tsx command would add a parent that relays Ctrl-C and kills the stack if it has not heard back within
 * 60 ms), its output kept.
 */
function startCommand(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'dev/start.ts', '--no-site'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe('local stack', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sb-stack-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('starts from scratch, answers on every service, reuses its state, and stops everything', async () => {
    const stack = await startLocalStack({ dir, ports: 'auto', log: () => undefined });
    let stopped = false;
    try {
      expect(await readStackInfo(dir)).toEqual(stack.info);
      await expectServicesAnswer(stack.info);

      // Cognito's email goes through the project's trigger into the outbox, readable over HTTP.
      const email = 'outbox-check@example.com';
      const cognito = localCognitoClient(stack.info.cognitoEndpoint);
      await cognito.send(
        new SignUpCommand({ ClientId: stack.info.clientId, Username: email, Password: 'secret1' }),
      );
      cognito.destroy();
      const [mail] = (await (
        await fetch(`${stack.info.outbox}/messages.json?to=${email}`)
      ).json()) as OutboxMessage[];
      expect(mail?.subject).toMatch(/verify/i);
      expect(mail?.text).toMatch(
        new RegExp(
          `${stack.info.api.replace('/api', '')}/auth\\?mode=verifyEmail&oobCode=\\d{6}&email=outbox-check%40example.com`,
        ),
      );
      expect(await (await fetch(stack.info.outbox)).text()).toContain(email);

      const { userPoolId, clientId, stripePriceId } = stack.info;
      await stack.stop();
      stopped = true;
      expect(await readStackInfo(dir)).toBeUndefined();
      for (const port of stack.ports) expect(await isPortOpen(port)).toBe(false);
      expect(pidAlive(stack.cognitoLocalPid)).toBe(false);

      const again = await startLocalStack({ dir, ports: 'auto', log: () => undefined });
      try {
        expect(again.info).toMatchObject({ userPoolId, clientId, stripePriceId });
      } finally {
        await again.stop();
      }
    } finally {
      if (!stopped) await stack.stop();
    }
  });

  it('with the site, answers /api while prepareSite (the build) runs, and serves the site and writes stack.json once it is done', async () => {
    const portOf = (info: StackInfo) => Number(new URL(info.site ?? '').port);
    let during: { stackJson: StackInfo | undefined; api: number; page: number } | undefined;
    const stack = await startLocalStack({
      dir,
      site: true,
      ports: 'auto',
      log: () => undefined,
      prepareSite: async (info) => {
        // The site server starts as the build does: its first answer is awaited.
        const statusOf = async (route: string): Promise<number> => {
          for (;;) {
            try {
              return (await fetch(`${info.site}${route}`)).status;
            } catch {
              await sleep(50);
            }
          }
        };
        during = {
          stackJson: await readStackInfo(dir),
          api: await statusOf('/api/health'),
          page: await statusOf('/'),
        };
      },
    });
    try {
      expect(during).toEqual({ stackJson: undefined, api: 200, page: 503 });
      expect(await readStackInfo(dir)).toEqual(stack.info);
      expect(await isPortOpen(portOf(stack.info))).toBe(true);
    } finally {
      await stack.stop();
    }

    // A build that fails leaves nothing running and no stack.json.
    const failing = startLocalStack({
      dir,
      site: true,
      ports: 'auto',
      log: () => undefined,
      prepareSite: () => Promise.reject(new Error('gatsby build failed')),
    });
    await expect(failing).rejects.toThrow('gatsby build failed');
    expect(await readStackInfo(dir)).toBeUndefined();
  });

  it("`npm start`'s command with --no-site writes stack.json and stops every port on SIGINT", async () => {
    const env: Record<string, string> = { LOCAL_DIR: dir };
    const ports: number[] = [];
    for (const [envName] of Object.values(FIXED_PORTS)) {
      const port = await freePort();
      env[envName] = String(port);
      if (envName !== 'SITE_PORT') ports.push(port);
    }
    const { child, output, exited } = startCommand(env);
    try {
      // Waits for as long as the command runs (a busy machine starts slowly); its exit fails at once.
      const alive = () => (child.exitCode === null ? undefined : `exit ${child.exitCode}\n${output()}`);
      await waitForProcess('stack.json', alive, async () => (await readStackInfo(dir)) !== undefined);
      const info = (await readStackInfo(dir)) as StackInfo;
      await expectServicesAnswer(info);
      await waitForProcess('the start banner', alive, async () => output().includes('Sign in'));
      expect(output()).toContain('demo@stockbench.app');
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    for (const port of ports) expect(await isPortOpen(port)).toBe(false);
    expect(await readStackInfo(dir)).toBeUndefined();
  });

  it('`npm start` names a documented port that another program holds, with the setting that moves it', async () => {
    const env: Record<string, string> = { LOCAL_DIR: dir };
    for (const [envName] of Object.values(FIXED_PORTS)) env[envName] = String(await freePort());
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(Number(env.OUTBOX_PORT), '127.0.0.1', resolve));
    try {
      const { output, exited } = startCommand(env);
      expect(await exited).toBe(1);
      expect(output()).toContain(`Port ${env.OUTBOX_PORT} (outbox) is already in use`);
      expect(output()).toContain('OUTBOX_PORT=<port>');
      expect(await readStackInfo(dir)).toBeUndefined();
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { waitForProcess } from '../ports';

// Runs cognito-local as a child process (it cannot be loaded inside Jest: an ESM-only dependency).
// Its config is rewritten on every start because ports may change; its data under
// <dataDir>/.cognito/db persists.

export interface CognitoLocalOptions {
  /** Working directory of cognito-local; it keeps .cognito/config.json and .cognito/db there. */
  dataDir: string;
  port: number;
  /** Base of the token issuer (the public URL of our proxy), so iss = `${issuerDomain}/${poolId}`. */
  issuerDomain: string;
  /** Lambda Invoke API endpoint that runs the trigger handlers. */
  lambdaEndpoint: string;
  /** The keys its Lambda client signs invocations with (the endpoint's cognitoCredentials). */
  lambdaCredentials: { accessKeyId: string; secretAccessKey: string };
  /**
   * The stack's secret its API calls must carry (UPSTREAM_SECRET_HEADER): only the proxy has it, so a
   * call straight to its port is refused as AWS refuses an unsigned one (internal-only.ts).
   */
  secret: string;
  /** Trigger name -> function name understood by the Lambda endpoint. */
  triggers: Record<string, string>;
  /** Where each email is POSTed (see cognito-local-main.ts). */
  messageHookUrl: string;
  logFile: string;
  /** The stack's signing key (signing-key.ts): cognito-local signs with it, not its package's key. */
  signingKeyFile: string;
  /** Where a slow start says it is still waiting (npm start prints it; tests leave it quiet). */
  progress?: (line: string) => void;
}

export interface CognitoLocal {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const entry = path.join(__dirname, 'cognito-local-main.ts');

export async function startCognitoLocal(opts: CognitoLocalOptions): Promise<CognitoLocal> {
  const configDir = path.join(opts.dataDir, '.cognito');
  await mkdir(configDir, { recursive: true });
  const config = {
    LambdaClient: {
      endpoint: opts.lambdaEndpoint,
      region: 'us-east-1',
      credentials: opts.lambdaCredentials,
    },
    TriggerFunctions: opts.triggers,
    TokenConfig: { IssuerDomain: opts.issuerDomain },
  };
  await writeFile(path.join(configDir, 'config.json'), JSON.stringify(config, null, 2));

  const log = createWriteStream(opts.logFile, { flags: 'a' });
  await new Promise((resolve) => log.once('open', resolve));
  const child = spawn(process.execPath, ['--no-warnings', '--import', require.resolve('tsx'), entry], {
    cwd: opts.dataDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      COGNITO_MESSAGE_HOOK_URL: opts.messageHookUrl,
      COGNITO_SIGNING_KEY_FILE: opts.signingKeyFile,
      COGNITO_LOCAL_SECRET: opts.secret,
      // Its AWS SDK v2 Lambda client must not look for real credentials or a metadata service.
      AWS_EC2_METADATA_DISABLED: 'true',
      NODE_OPTIONS: '',
    },
    // The IPC channel closes when this process ends however it ends (a test worker killed at the end
    // of a run included), and cognito-local-main.ts then exits instead of outliving it.
    stdio: ['ignore', log, log, 'ipc'],
  });
  // The channel only watches: it must not keep this process alive.
  child.channel?.unref();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${opts.port}`;
  const stop = async () => {
    await killChild(child, exited);
    log.end();
  };
  try {
    await waitForProcess(
      'cognito-local',
      () =>
        child.exitCode !== null || child.signalCode !== null
          ? `exit ${child.exitCode ?? child.signalCode}; its log is ${opts.logFile}`
          : undefined,
      async () => (await fetch(`${url}/health`)).ok,
      opts.progress,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid ?? -1, stop };
}

/** SIGTERM, then SIGKILL if it has not exited within 3 s. */
async function killChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

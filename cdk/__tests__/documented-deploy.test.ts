import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { readAppConfig } from '../lib/app-config';
import { addStockbenchStacks } from '../lib/stockbench-app';
import { checkSettings } from '../preflight/settings';
import { cdkJsonContext } from './helpers';

// The deploy command docs/deploying.md prints ("The one command"), as an operator copies it: its
// settings pass the preflight's own checks and the app synthesizes with them (stub Lambda code).

const DOC = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'deploying.md'), 'utf8');

/** The `-c key=value` pairs of the documented `npm run deploy` command. */
function documentedContext(): Record<string, string> {
  const section = DOC.slice(DOC.indexOf('### 3. The one command'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const command = block
    .replace(/\\\n/g, ' ')
    .split('\n')
    .find((line) => line.startsWith('npm run deploy'));
  if (!command) throw new Error('no `npm run deploy` command in "The one command"');
  const words = command.split(/\s+/).filter(Boolean);
  const context: Record<string, string> = {};
  words.forEach((word, i) => {
    if (words[i - 1] !== '-c') return;
    const [key, ...value] = word.split('=');
    context[key ?? ''] = value.join('=');
  });
  return context;
}

it('names production, the region and the SES identity, as the text around it says', () => {
  expect(documentedContext()).toMatchObject({
    env: 'production',
    region: expect.any(String),
    sesIdentity: expect.any(String),
    alarmEmail: expect.any(String),
  });
});

it("passes the preflight's checks of the settings alone (sender on the SES identity, alarm receiver)", () => {
  const config = readAppConfig((key) => ({ ...cdkJsonContext, ...documentedContext() })[key]);
  expect(checkSettings(config).filter((f) => f.status !== 'ok')).toEqual([]);
});

it('synthesizes', () => {
  process.env.CDK_VALIDATION = 'false';
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockbench-documented-'));
  try {
    const app = new App({ outdir, context: { ...cdkJsonContext, ...documentedContext() } });
    addStockbenchStacks(
      app,
      readAppConfig((key) => app.node.tryGetContext(key)),
      { codeMode: 'stub' },
    );
    expect(app.synth().stacks.map((s) => s.stackName)).toEqual(
      expect.arrayContaining(['Stockbench-production', 'Stockbench-production-Edge']),
    );
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
});

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { emailAddress, readAppConfig } from '../lib/app-config';
import { addStockbenchStacks } from '../lib/stockbench-app';
import { checkSettings } from '../preflight/settings';
import { cdkJsonContext } from './helpers';

// The deploy commands the docs print, as an operator copies them: their settings pass the preflight's
// own checks, and the app synthesizes with them (stub Lambda code) under AWS's template validator, as
// `npm run deploy`'s own synth does (cdk.json: validateAgainstDefaultRules).

const ROOT = path.join(__dirname, '..', '..');
const DEPLOYING = fs.readFileSync(path.join(ROOT, 'docs', 'deploying.md'), 'utf8');
const DOCS = {
  'docs/deploying.md': DEPLOYING,
  'README.md': fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'),
};

/** The `-c key=value` pairs of a command line. */
function contextOf(command: string): Record<string, string> {
  const words = command.split(/\s+/).filter(Boolean);
  const context: Record<string, string> = {};
  words.forEach((word, i) => {
    if (words[i - 1] !== '-c') return;
    const [key, ...value] = word.split('=');
    context[key ?? ''] = value.join('=');
  });
  return context;
}

/** Every `npm run deploy` command a doc prints: in its sh blocks and in its inline code. */
function deployCommands(doc: string): string[] {
  const blocks = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
    (m[1] ?? '').replace(/\\\n/g, ' ').split('\n'),
  );
  const inline = [...doc.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
  return [...blocks, ...inline].filter((line) => /(^|\s)npm run deploy(\s|$)/.test(line));
}

/** The `-c key=value` pairs of the documented `npm run deploy` command ("The one command"). */
function documentedContext(): Record<string, string> {
  const section = DEPLOYING.slice(DEPLOYING.indexOf('### 3. The one command'));
  const [command] = deployCommands(/```sh\n[\s\S]*?```/.exec(section)?.[0] ?? '');
  if (!command) throw new Error('no `npm run deploy` command in "The one command"');
  return contextOf(command);
}

const configOf = (context: Record<string, string>) =>
  readAppConfig((key) => ({ ...cdkJsonContext, ...context })[key]);

it('names production, the region and the SES identity, as the text around it says', () => {
  expect(documentedContext()).toMatchObject({
    env: 'production',
    region: expect.any(String),
    sesIdentity: expect.any(String),
    alarmEmail: expect.any(String),
  });
});

it("passes the preflight's checks of the settings alone (sender on the SES identity, alarm receiver)", () => {
  expect(checkSettings(configOf(documentedContext())).filter((f) => f.status !== 'ok')).toEqual([]);
});

it("says cdk.json's sender as cdk.json has it, and its other-domain variant passes the checks too", () => {
  const sentence = /`sesIdentity` is the domain of `mailFrom` \(`cdk\.json`: `([^`]+)`\)/.exec(DEPLOYING);
  expect(sentence?.[1]).toBe(emailAddress(String(cdkJsonContext.mailFrom)));
  const variant = /Another domain:[\s\S]*?\.(?=\s)/.exec(DEPLOYING)?.[0] ?? '';
  const pairs = contextOf([...variant.matchAll(/`(-c [^`]+)`/g)].map((m) => m[1]).join(' '));
  expect(Object.keys(pairs).sort()).toEqual(['mailFrom', 'sesIdentity']);
  const settings = checkSettings(configOf({ ...documentedContext(), ...pairs }));
  expect(settings.filter((f) => f.status !== 'ok')).toEqual([]);
});

it('every other deploy command the docs print passes the settings checks (a warning, never a stop)', () => {
  const commands = Object.entries(DOCS).flatMap(([doc, text]) =>
    deployCommands(text).map((command) => ({ doc, command })),
  );
  expect(commands.length).toBeGreaterThan(1);
  const stops = commands.flatMap(({ doc, command }) =>
    checkSettings(configOf(contextOf(command)))
      .filter((f) => f.status === 'fail')
      .map((f) => `${doc}: \`${command}\` stops at ${f.check}: ${f.detail}`),
  );
  expect(stops).toEqual([]);
});

it("synthesizes, and AWS's template validator finds nothing, not even a warning", () => {
  // Unset, not 'false': the other template tests turn the validator off for speed.
  delete process.env.CDK_VALIDATION;
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
    const report = JSON.parse(fs.readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName: string; violations: { ruleName: string; description: string }[] }[];
    };
    expect(
      report.pluginReports.flatMap((p) =>
        p.violations.map((v) => `${p.pluginName} ${v.ruleName}: ${v.description}`),
      ),
    ).toEqual([]);
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
});

import path from 'node:path';
import ts from 'typescript';

// The contract is what the pages read: a change to an answer's type that a page does not follow
// fails the type check of that page (and of the handler that makes the answer). Compiled here with
// the repository's own tsconfig, once as it is and once with one field of the get-subscriptions
// answer renamed in memory.

const ROOT = path.resolve(__dirname, '../../..');
const CONTRACT = path.join(ROOT, 'lambdas/endpoints/get-subscriptions/contract.ts');
const PAGE = path.join(ROOT, 'src/account/licenses/SubscriptionSummary.tsx');
const HANDLER = path.join(ROOT, 'lambdas/endpoints/get-subscriptions/handler.ts');

// Type-checking React's and Node's declarations takes a while on a busy machine.
jest.setTimeout(180_000);

const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), (p) => ts.sys.readFile(p));
const compilerOptions = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
const baseHost = ts.createCompilerHost(compilerOptions);
/** Parsed once for both compilations (the declaration files are most of the work). */
const parsed = new Map<string, ts.SourceFile | undefined>();

/** Type errors in `files`, with CONTRACT's text replaced by `contractText` when given. */
function typeErrors(files: string[], contractText?: string): string[] {
  const host: ts.CompilerHost = {
    ...baseHost,
    readFile: (name) =>
      contractText && path.resolve(name) === CONTRACT ? contractText : baseHost.readFile(name),
    getSourceFile: (name, language, onError) => {
      if (contractText && path.resolve(name) === CONTRACT) {
        return ts.createSourceFile(name, contractText, language);
      }
      if (!parsed.has(name)) parsed.set(name, baseHost.getSourceFile(name, language, onError));
      return parsed.get(name);
    },
  };
  const program = ts.createProgram({ rootNames: files, options: compilerOptions, host });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && files.includes(path.resolve(d.file.fileName)))
    .map(
      (d) =>
        `${path.relative(ROOT, d.file?.fileName ?? '')}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
}

it('the page and the handler agree with the contract as it is', () => {
  expect(typeErrors([PAGE, HANDLER])).toEqual([]);
});

it('renaming a field of the answer breaks the page that reads it and the handler that writes it', () => {
  const original = ts.sys.readFile(CONTRACT) ?? '';
  expect(original).toContain('  cardLast4: string | null;');
  const renamed = original.replace('  cardLast4: string | null;', '  cardLastFour: string | null;');

  const errors = typeErrors([PAGE, HANDLER], renamed);
  expect(errors).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^src\/account\/licenses\/SubscriptionSummary\.tsx: .*cardLast4/),
      expect.stringMatching(/^lambdas\/endpoints\/get-subscriptions\/handler\.ts: .*cardLast4/),
    ]),
  );
});

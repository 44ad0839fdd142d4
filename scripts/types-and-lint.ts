// `npm run checks`' type check and ESLint in one TypeScript program. Run apart (`npm run typecheck`,
// `npm run lint`), each built the whole program, and ESLint's type-aware rules then checked much of it
// again; here ESLint reads the types tsc has already checked (typescript-eslint's `programs` option).
// Reports as the two commands do, and fails on any type error, lint error or lint warning.
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');

function typeCheck(): { program: ts.Program; errors: number } {
  const configFile = ts.findConfigFile(ROOT, (file) => ts.sys.fileExists(file), 'tsconfig.json');
  if (!configFile) throw new Error(`no tsconfig.json in ${ROOT}`);
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configFile}`);
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
  });
  // What `tsc --noEmit` reports: the configuration's problems, then the program's.
  const diagnostics = [...parsed.errors, ...ts.getPreEmitDiagnostics(program)];
  if (diagnostics.length) {
    const host: ts.FormatDiagnosticsHost = {
      getCanonicalFileName: (file) => file,
      getCurrentDirectory: () => ROOT,
      getNewLine: () => '\n',
    };
    console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  }
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
  return { program, errors };
}

async function lint(program: ts.Program): Promise<{ errors: number; warnings: number }> {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { projectService: false, programs: [program] } },
    },
  });
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  const report = await formatter.format(results);
  if (report) console.log(report);
  return {
    errors: results.reduce((sum, r) => sum + r.errorCount + r.fatalErrorCount, 0),
    warnings: results.reduce((sum, r) => sum + r.warningCount, 0),
  };
}

async function main(): Promise<number> {
  const { program, errors: typeErrors } = typeCheck();
  const { errors, warnings } = await lint(program);
  const failures = [
    typeErrors && `${typeErrors} type error(s)`,
    errors && `${errors} lint error(s)`,
    // As `eslint --max-warnings 0`.
    warnings && `${warnings} lint warning(s)`,
  ].filter(Boolean);
  if (failures.length) console.error(`types and lint: ${failures.join(', ')}`);
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

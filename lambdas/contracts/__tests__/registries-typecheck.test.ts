import path from 'node:path';
import ts from 'typescript';

// Every list of endpoints is keyed by EndpointName (lambdas/routes.ts), so a routed endpoint missing
// from one does not compile. Compiled here with the repository's own tsconfig, once as it is and once
// with a new GET endpoint that reads a query added to the route table in memory: each list names it.

const ROOT = path.resolve(__dirname, '../../..');
const ROUTES = path.join(ROOT, 'lambdas/routes.ts');
const LISTS = [
  'lambdas/endpoints/handlers.ts',
  'lambdas/endpoints/grants.ts',
  'lambdas/endpoints/fuzz.ts',
  'lambdas/endpoints/bench.ts',
  'src/api-client/__tests__/callers.ts',
  'lambdas/__tests__/validation.int.test.ts',
].map((file) => path.join(ROOT, file));

// Type-checking React's and Node's declarations takes a while on a busy machine.
jest.setTimeout(300_000);

const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), (p) => ts.sys.readFile(p));
const compilerOptions = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
const baseHost = ts.createCompilerHost(compilerOptions);
/** Parsed once for both compilations (the declaration files are most of the work). */
const parsed = new Map<string, ts.SourceFile | undefined>();

/** Type errors in LISTS, with the route table's text replaced by `routesText` when given. */
function typeErrors(routesText?: string): string[] {
  const host: ts.CompilerHost = {
    ...baseHost,
    readFile: (name) => (routesText && path.resolve(name) === ROUTES ? routesText : baseHost.readFile(name)),
    getSourceFile: (name, language, onError) => {
      if (routesText && path.resolve(name) === ROUTES) return ts.createSourceFile(name, routesText, language);
      if (!parsed.has(name)) parsed.set(name, baseHost.getSourceFile(name, language, onError));
      return parsed.get(name);
    },
  };
  const program = ts.createProgram({ rootNames: LISTS, options: compilerOptions, host });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && LISTS.includes(path.resolve(d.file.fileName)))
    .map(
      (d) =>
        `${path.relative(ROOT, d.file?.fileName ?? '')}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
}

it('every list names every endpoint as the route table is', () => {
  expect(typeErrors()).toEqual([]);
});

it('a new endpoint in the route table fails to compile in each list until it has its entry there', () => {
  const original = ts.sys.readFile(ROUTES) ?? '';
  expect(original).toContain('const contracts = [\n');
  // A GET endpoint reading a query, like get-licenses, under a name no list has.
  const added = original.replace(
    'const contracts = [\n',
    "const contracts = [\n  { ...getLicenses, path: '/api/new-endpoint' as const, handler: 'new-endpoint' as const },\n",
  );
  const errors = typeErrors(added);
  expect(
    LISTS.map((file) => path.relative(ROOT, file)).filter(
      (file) => !errors.some((e) => e.startsWith(`${file}: `) && e.includes('new-endpoint')),
    ),
  ).toEqual([]);
});

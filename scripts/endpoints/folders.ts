import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// What the generated registries of endpoints (scripts/endpoints/registries.ts) need to know of each
// folder in lambdas/endpoints/, read from the folder's own files: an endpoint is a folder with a
// contract.ts.

export const ENDPOINTS_DIR = path.resolve(__dirname, '..', '..', 'lambdas', 'endpoints');

/** One endpoint folder, as the registries name it. */
export interface EndpointFolder {
  /** The folder's name, which is the endpoint's name. */
  name: string;
  /** The name contract.ts exports the endpoint's contract under. */
  contract: string;
  /** Whether fuzz.ts exports `malformedQueries` (every GET endpoint that reads a query does). */
  malformedQueries: boolean;
}

/** The exported consts of a TypeScript file, with their initializers. */
function exportedConsts(file: string): { name: string; init: ts.Expression | undefined }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, false);
  return source.statements.flatMap((statement) =>
    ts.isVariableStatement(statement) &&
    statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      ? statement.declarationList.declarations.flatMap((d) =>
          ts.isIdentifier(d.name) ? [{ name: d.name.text, init: d.initializer }] : [],
        )
      : [],
  );
}

/** `contract<Answer>()({ ... })` or `fileContract({ ... })`. */
function isContractCall(init: ts.Expression | undefined): boolean {
  if (!init || !ts.isCallExpression(init)) return false;
  const callee = init.expression;
  if (ts.isIdentifier(callee)) return callee.text === 'fileContract';
  return (
    ts.isCallExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'contract'
  );
}

/** The contract export of a contract.ts; throws, naming the file, unless there is exactly one. */
function contractExport(file: string): string {
  const found = exportedConsts(file).filter((c) => isContractCall(c.init));
  const only = found[0];
  if (!only || found.length > 1)
    throw new Error(
      `${path.relative(process.cwd(), file)} exports ${found.length} contracts; an endpoint's contract.ts ` +
        'exports exactly one, `export const <name> = contract<Answer>()({...})` or `fileContract({...})`',
    );
  return only.name;
}

/** Every endpoint folder under `dir` (a folder with a contract.ts), sorted by name. */
export function readEndpointFolders(dir: string = ENDPOINTS_DIR): EndpointFolder[] {
  return readdirSync(dir)
    .filter((name) => name !== '__tests__' && statSync(path.join(dir, name)).isDirectory())
    .filter((name) => existsSync(path.join(dir, name, 'contract.ts')))
    .sort()
    .map((name) => {
      const fuzz = path.join(dir, name, 'fuzz.ts');
      return {
        name,
        contract: contractExport(path.join(dir, name, 'contract.ts')),
        malformedQueries: existsSync(fuzz) && exportedConsts(fuzz).some((c) => c.name === 'malformedQueries'),
      };
    });
}

import path from 'node:path';
import ts from 'typescript';
import { ENDPOINTS_DIR, readEndpointFolders, type EndpointFolder } from '../../../scripts/endpoints/folders';
import { registryFiles } from '../../../scripts/endpoints/registries';
import { ROOT, typeErrors as typeErrorsIn } from './support/type-errors';

// Every list of endpoints is keyed by EndpointName (lambdas/routes.ts), and the generated ones import
// their piece from every endpoint folder, so an endpoint missing from a list, or missing a piece, does
// not compile. Compiled here with the repository's own tsconfig: once as it is, and with a new endpoint
// folder in memory (a GET reading a query, holding only its contract) and the registries
// `npm run endpoints` would write for it: each list names it.

const LISTS = [
  'lambdas/routes.ts',
  'lambdas/endpoints/handlers.ts',
  'lambdas/endpoints/grants.ts',
  'lambdas/endpoints/fuzz.ts',
  'lambdas/endpoints/malformed-queries.ts',
  'lambdas/endpoints/bench.ts',
  'src/api-client/__tests__/callers.ts',
].map((file) => path.join(ROOT, file));

const NEW = 'new-endpoint';
const NEW_CONTRACT = path.join(ENDPOINTS_DIR, NEW, 'contract.ts');

// Type-checking React's and Node's declarations takes a while on a busy machine.
jest.setTimeout(300_000);

/** Type errors in LISTS, with the files of `overlay` in place of the disk's. */
const typeErrors = (overlay?: Map<string, string>): string[] => typeErrorsIn(LISTS, overlay);

/** The new folder's contract (get-licenses' under the new name, or `handler` left as given) and the registries with it. */
function withNewEndpoint(handler: string): Map<string, string> {
  const folders: EndpointFolder[] = [
    ...readEndpointFolders(),
    { name: NEW, contract: 'getLicenses', malformedQueries: false },
  ].sort((a, b) => (a.name < b.name ? -1 : 1));
  const original = ts.sys.readFile(path.join(ENDPOINTS_DIR, 'get-licenses', 'contract.ts')) ?? '';
  expect(original).toContain("handler: 'get-licenses',");
  const contract = original
    .replace("path: '/api/get-licenses',", `path: '/api/${NEW}',`)
    .replace("handler: 'get-licenses',", `handler: '${handler}',`);
  return new Map([
    [NEW_CONTRACT, contract],
    ...[...registryFiles(folders)].map(([file, text]): [string, string] => [
      path.join(ENDPOINTS_DIR, file),
      text,
    ]),
  ]);
}

/** The LISTS whose errors do not name `word`. */
const silentOn = (errors: string[], lists: string[], word: string): string[] =>
  lists
    .map((file) => path.relative(ROOT, file))
    .filter((file) => !errors.some((e) => e.startsWith(`${file}: `) && e.includes(word)));

it('every list names every endpoint as the folders are', () => {
  expect(typeErrors()).toEqual([]);
});

it('a new endpoint folder fails to compile in each list until it has its piece or entry there', () => {
  const errors = typeErrors(withNewEndpoint(NEW));
  // The route table takes the new contract as it is; every other list names the new endpoint.
  expect(errors.filter((e) => e.startsWith('lambdas/routes.ts: '))).toEqual([]);
  expect(silentOn(errors, LISTS.slice(1), NEW)).toEqual([]);
});

it('a contract whose handler names another folder fails to compile in the route table', () => {
  const errors = typeErrors(withNewEndpoint('get-licenses'));
  expect(silentOn(errors, LISTS.slice(0, 1), NEW)).toEqual([]);
});

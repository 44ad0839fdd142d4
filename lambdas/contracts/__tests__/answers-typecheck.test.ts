import path from 'node:path';
import ts from 'typescript';
import { ROOT, typeErrors as typeErrorsIn } from './support/type-errors';

// The contract is what the pages read: a change to an answer's type that a page does not follow
// fails the type check of that page (and of the handler that makes the answer). Compiled here with
// the repository's own tsconfig, once as it is and once with one field of the get-subscriptions
// answer renamed in memory.

const CONTRACT = path.join(ROOT, 'lambdas/endpoints/get-subscriptions/contract.ts');
const PAGE = path.join(ROOT, 'src/account/licenses/SubscriptionSummary.tsx');
const HANDLER = path.join(ROOT, 'lambdas/endpoints/get-subscriptions/handler.ts');

// Type-checking React's and Node's declarations takes a while on a busy machine.
jest.setTimeout(180_000);

/** Type errors in `files`, with CONTRACT's text replaced by `contractText` when given. */
const typeErrors = (files: string[], contractText?: string): string[] =>
  typeErrorsIn(files, new Map(contractText === undefined ? [] : [[CONTRACT, contractText]]));

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

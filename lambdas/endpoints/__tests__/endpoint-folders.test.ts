import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { staleRegistries } from '../../../scripts/endpoints/stale';
import { routes, type EndpointName } from '../../routes';
import { ENDPOINT_HANDLERS } from '../handlers';

// An endpoint is one folder (docs/adding-an-endpoint.md): its contract, handler, grants, fuzz generator
// and bench scenario, and its tests. The registries `npm run endpoints` writes from the folders
// (handlers, grants, fuzz, bench, malformed queries) and the site client's callers make a routed
// endpoint without one of its pieces fail to compile; this test catches what the compiler cannot: a
// folder missing a file, a folder that no route reaches, registries left stale, a contract naming
// another folder, an endpoint without tests.

const DIR = path.join(__dirname, '..');
const PIECES = ['contract.ts', 'handler.ts', 'grants.ts', 'fuzz.ts', 'bench.ts'] as const;

/**
 * Endpoints whose behaviour is tested in suites that span several endpoints (lambdas/__tests__/)
 * rather than in a folder of their own: each names the suite, which must name the endpoint.
 */
const TESTED_ELSEWHERE: Partial<Record<EndpointName, string>> = {
  'complete-checkout': 'checkout.int.test.ts',
  'email-recovery': 'accounts.int.test.ts',
  'email-recovery-info': 'takeover.int.test.ts',
  'end-sessions': 'security-mails.int.test.ts',
  'get-billing-details': '../endpoints/billing-details/__tests__/billing-details.int.test.ts',
  'get-held-licenses': '../endpoints/assign-license/__tests__/assign-license.int.test.ts',
  'get-licenses': 'checkout.int.test.ts',
  'get-subscriptions': 'checkout.int.test.ts',
  health: 'validation.int.test.ts',
  'quote-licenses': 'checkout.int.test.ts',
  'refund-eligibility': '../endpoints/request-refund/__tests__/refund-guarantee.int.test.ts',
  'remove-licenses': 'checkout.int.test.ts',
  'renew-licenses': '../endpoints/cancel-subscription/__tests__/cancel-renew.int.test.ts',
  'sign-out-everywhere': 'accounts.int.test.ts',
  'sign-out-machine': '../endpoints/get-machines/__tests__/machines.int.test.ts',
  'take-back-license': '../endpoints/assign-license/__tests__/assign-license.int.test.ts',
  'update-card': 'stripe-errors.int.test.ts',
  'update-email': 'accounts.int.test.ts',
};

const folders = readdirSync(DIR).filter(
  (name) => name !== '__tests__' && statSync(path.join(DIR, name)).isDirectory(),
);

/** What an endpoint folder lacks, in words. */
function missingPieces(name: string): string[] {
  const dir = path.join(DIR, name);
  const missing: string[] = PIECES.filter((file) => !existsSync(path.join(dir, file)));
  const tests = existsSync(path.join(dir, '__tests__'))
    ? readdirSync(path.join(dir, '__tests__')).filter((f) => f.endsWith('.test.ts'))
    : [];
  const elsewhere = TESTED_ELSEWHERE[name as EndpointName];
  if (!tests.length) {
    const suite = elsewhere && path.join(DIR, '..', '__tests__', elsewhere);
    if (!suite || !existsSync(suite) || !readFileSync(suite, 'utf8').includes(name))
      missing.push('__tests__/*.test.ts');
  } else if (elsewhere) {
    missing.push(`no entry in TESTED_ELSEWHERE (it has tests of its own)`);
  }
  if (existsSync(path.join(dir, 'contract.ts'))) {
    const text = readFileSync(path.join(dir, 'contract.ts'), 'utf8');
    if (!text.includes(`handler: '${name}'`)) missing.push(`a contract with handler: '${name}'`);
  }
  if (!routes.some((r) => r.handler === name)) missing.push('a route in lambdas/routes.ts');
  return missing;
}

it('every endpoint folder has its contract, handler, grants, fuzz generator, bench scenario and tests, and a route', () => {
  const incomplete = folders
    .map((name) => ({ name, missing: missingPieces(name) }))
    .filter((f) => f.missing.length);
  expect(incomplete).toEqual([]);
});

it('every route has its folder', () => {
  expect(routes.map((r) => r.handler).filter((name) => !folders.includes(name))).toEqual([]);
});

it('the registries of endpoints are as `npm run endpoints` writes them', () => {
  expect(staleRegistries(DIR).map(({ file }) => path.relative(DIR, file))).toEqual([]);
});

it('the handler registry names every routed endpoint, each at its folder', () => {
  expect(Object.keys(ENDPOINT_HANDLERS).sort()).toEqual(routes.map((r) => r.handler).sort());
  const registry = readFileSync(path.join(DIR, 'handlers.ts'), 'utf8');
  const entries = Array.from(registry.matchAll(/'?([\w-]+)'?: \(\) => import\('\.\/([\w-]+)\/handler'\)/g));
  expect(entries.filter(([, key, folder]) => key !== folder)).toEqual([]);
  expect(entries.map(([, key]) => key).sort()).toEqual([...folders].sort());
});

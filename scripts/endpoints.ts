// `npm run endpoints`: writes the registries of endpoints in lambdas/endpoints/ (contracts, handlers,
// grants, fuzz, malformed queries, bench) from the endpoint folders. `npm run endpoints -- --check`
// (part of `npm run checks`) writes nothing and fails, naming each stale file, when one differs from
// what it would write.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { staleRegistries } from './endpoints/stale';

const check = process.argv.includes('--check');
const stale = staleRegistries();
const names = stale.map(({ file }) => path.relative(process.cwd(), file)).join(', ');
if (check && stale.length) {
  console.error(`Stale registries of endpoints: ${names}. Run \`npm run endpoints\` to write them.`);
  process.exit(1);
}
if (!check) {
  for (const { file, text } of stale) writeFileSync(file, text);
  console.log(stale.length ? `Wrote ${names}` : 'The registries of endpoints are current.');
}

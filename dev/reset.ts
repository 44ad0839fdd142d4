import { rm } from 'node:fs/promises';
import path from 'node:path';
import { readStackInfo } from './stack-info';

// `npm run reset`: wipes the local stack's state (LOCAL_DIR, default .local): users, tables, Stripe
// objects, outbox, ids. The next `npm start` begins from scratch.

async function main(): Promise<void> {
  const dir = path.resolve(process.env.LOCAL_DIR || '.local');
  const info = await readStackInfo(dir);
  if (
    info &&
    (await fetch(info.outbox)
      .then((r) => r.ok)
      .catch(() => false))
  ) {
    console.error(`The local stack is running (${info.site ?? info.api}); stop npm start first.`);
    process.exit(1);
  }
  await rm(dir, { recursive: true, force: true });
  console.log(`Removed ${dir}`);
}

void main();

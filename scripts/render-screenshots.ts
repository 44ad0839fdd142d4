/**
 * Renders the tool screenshots named in content/tools/*.md from deterministic, illustrative data.
 * Usage: npx tsx scripts/render-screenshots.ts [name-filter]
 */
import fs from 'node:fs';
import path from 'node:path';
import { IMAGES_DIR, readScreenshots } from './screenshots/content';
import { renderSvg, writePng } from './screenshots/render';
import { SPECS } from './screenshots/specs';

async function main(): Promise<number> {
  const filter = process.argv[2];
  const screenshots = readScreenshots();
  const missing = screenshots.filter((s) => !SPECS[s.name]);
  if (missing.length > 0) {
    for (const s of missing) console.error(`No spec for ${s.name} (${s.file})`);
    return 1;
  }
  fs.mkdirSync(IMAGES_DIR, { recursive: true });
  let total = 0;
  for (const shot of screenshots) {
    if (filter && !shot.name.includes(filter)) continue;
    const spec = SPECS[shot.name];
    if (!spec) continue;
    const file = path.join(IMAGES_DIR, shot.name);
    await writePng(renderSvg(shot.name, spec), file);
    const size = fs.statSync(file).size;
    total += size;
    console.log(`${shot.name.padEnd(40)} ${(size / 1024).toFixed(1).padStart(6)} KB`);
  }
  console.log(`Total ${(total / 1024).toFixed(1)} KB`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);

/**
 * SHA-256 digests of every committed screenshot and of the SVG it was rendered from. Rasterizing is
 * the slow step (some 15 s for all), so the drift test compares SVG digests and the PNG files' digests
 * instead of rendering every PNG again.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const DIGESTS_FILE = path.join(__dirname, 'digests.json');

const digestsSchema = z.record(z.string(), z.strictObject({ svg: z.string(), png: z.string() }));

export type Digests = z.infer<typeof digestsSchema>;

export function sha256(data: string | Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

export function readDigests(file = DIGESTS_FILE): Digests {
  if (!fs.existsSync(file)) return {};
  return digestsSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

export function writeDigests(digests: Digests, file = DIGESTS_FILE): void {
  const sorted = Object.fromEntries(Object.entries(digests).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(file, JSON.stringify(sorted, null, 2) + '\n');
}

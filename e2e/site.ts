import fs from 'node:fs';
import path from 'node:path';

export const PUBLIC_DIR = path.resolve(__dirname, '..', 'public');

/** The URL e2e/run.ts serves the site at (with /api on the same origin). */
export function siteUrl(): string {
  const url = process.env.E2E_SITE_URL;
  if (!url) throw new Error('E2E_SITE_URL is not set: run the browser tests through `npm run test:e2e`');
  return url;
}

export function readPublic(file: string): string {
  return fs.readFileSync(path.join(PUBLIC_DIR, file), 'utf8');
}

export function readFeed<T>(file: string): T {
  return JSON.parse(readPublic(file)) as T;
}

export interface ToolFeedEntry {
  id: string;
  title: string;
  path: string;
  screenshots: string[];
  userImports: string[];
}

export interface ArticleFeedEntry {
  id: string;
  title: string;
  route: string;
}

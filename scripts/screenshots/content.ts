/** Reads the screenshot names and alt texts from the tool pages' frontmatter. */
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';

export interface ContentScreenshot {
  name: string;
  alt: string;
  /** The tool's title, shown in the screenshot's title bar. */
  tool: string;
  /** The tool's `path`, which names its spec file in scripts/screenshots/specs/. */
  toolPath: string;
  file: string;
}

const ROOT = path.resolve(__dirname, '..', '..');
const TOOLS_DIR = path.join(ROOT, 'content', 'tools');
export const IMAGES_DIR = path.join(ROOT, 'content', 'images', 'tools');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function readScreenshots(dir = TOOLS_DIR): ContentScreenshot[] {
  const out: ContentScreenshot[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const { data } = matter(fs.readFileSync(path.join(dir, file), 'utf8'));
    const tool = typeof data.title === 'string' ? data.title : file;
    const toolPath = typeof data.path === 'string' ? data.path : path.basename(file, '.md');
    const list: unknown = data.screenshots;
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      if (!isRecord(item) || typeof item.name !== 'string') continue;
      out.push({ name: item.name, alt: typeof item.alt === 'string' ? item.alt : '', tool, toolPath, file });
    }
  }
  return out;
}

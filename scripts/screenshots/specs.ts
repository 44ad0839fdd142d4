/**
 * The screenshot specifications: toolbar inputs and view tabs from specs/<tool path>.json (checked
 * against a schema), the title from the tool's page in content/tools, the chart from charts/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CHARTS } from './charts';
import { readScreenshots, type ContentScreenshot } from './content';
import type { ChartBuilders, ScreenshotSpec } from './render';

export const SPECS_DIR = path.join(__dirname, 'specs');

const screenshotSchema = z
  .strictObject({
    /** Toolbar inputs, left to right, as [label, value]. */
    inputs: z.array(z.tuple([z.string().min(1), z.string()])),
    /** View tabs at the right of the toolbar. */
    views: z.array(z.string().min(1)).min(1).optional(),
    /** The highlighted tab; the first one when absent. */
    activeView: z.string().min(1).optional(),
  })
  .refine((s) => s.activeView === undefined || (s.views ?? []).includes(s.activeView), {
    message: 'activeView must be one of views',
    path: ['activeView'],
  });

const specFileSchema = z.strictObject({
  screenshots: z.record(
    z.string().regex(/^[a-z0-9-]+\.png$/, 'expected a file name like tool-1.png'),
    screenshotSchema,
  ),
});

export type SpecFile = z.infer<typeof specFileSchema>;

/** Parses one spec file's text; the error names the file and the offending field. */
export function parseSpecFile(file: string, text: string): SpecFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = specFileSchema.safeParse(json);
  if (!result.success) throw new Error(`${file}:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/**
 * Joins every screenshot listed in content/tools with its spec entry and chart builder. Throws one
 * error listing every screenshot without a spec or chart, and every spec or chart no page lists.
 */
export function loadSpecs(
  screenshots: ContentScreenshot[] = readScreenshots(),
  dir: string = SPECS_DIR,
  charts: ChartBuilders = CHARTS,
): Map<string, ScreenshotSpec> {
  const problems: string[] = [];
  const files = new Map<string, SpecFile>();
  for (const entry of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const file = path.join(dir, entry);
    files.set(path.basename(entry, '.json'), parseSpecFile(file, fs.readFileSync(file, 'utf8')));
  }
  const specs = new Map<string, ScreenshotSpec>();
  for (const shot of screenshots) {
    const entry = files.get(shot.toolPath)?.screenshots[shot.name];
    const chart = charts[shot.name];
    if (!entry) problems.push(`${shot.name} (${shot.file}): no entry in ${shot.toolPath}.json`);
    if (!chart) problems.push(`${shot.name} (${shot.file}): no chart builder in charts/`);
    if (entry && chart) specs.set(shot.name, { title: shot.tool, ...entry, chart });
  }
  const listed = new Set(screenshots.map((s) => `${s.toolPath}/${s.name}`));
  for (const [toolPath, file] of files) {
    for (const name of Object.keys(file.screenshots)) {
      if (!listed.has(`${toolPath}/${name}`))
        problems.push(`${toolPath}.json: ${name} is not in that tool's page`);
    }
  }
  const names = new Set(screenshots.map((s) => s.name));
  for (const name of Object.keys(charts)) {
    if (!names.has(name)) problems.push(`charts/: ${name} is not listed by any tool page`);
  }
  if (problems.length > 0)
    throw new Error(`Screenshot specs do not match content/tools:\n${problems.join('\n')}`);
  return specs;
}

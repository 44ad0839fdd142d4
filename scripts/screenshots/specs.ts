/**
 * The screenshot specifications: toolbar inputs and view tabs from specs/<tool path>.json, the title
 * from the tool's page in content/tools, the chart from charts/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CHARTS } from './charts';
import { readScreenshots, type ContentScreenshot } from './content';
import type { ChartBuilders, ScreenshotSpec } from './render';
import { SPECS_DIR, parseSpecFile, type SpecFile } from './spec-files';

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

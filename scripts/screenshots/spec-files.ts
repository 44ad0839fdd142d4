/**
 * The spec files in specs/, one per tool, named by the tool's `path`: each screenshot's toolbar inputs
 * and view tabs, and an optional `data` section of literal tables that the tool's chart module reads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  /** Checked by the chart module that reads it (see toolData). */
  data: z.unknown().optional(),
});

/** A calendar date as the data tables write it; a typo would otherwise surface as NaN on a chart. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date like 2024-05-17');

/** Anchor points [x, y] a synthetic series is drawn through (see bridge in series.ts). */
export const points = z.array(z.tuple([z.number(), z.number()])).min(2);

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

/** The `data` section of specs/<toolPath>.json, checked against the chart module's schema. */
export function toolData<T extends z.ZodType>(toolPath: string, schema: T, dir = SPECS_DIR): z.output<T> {
  const file = path.join(dir, `${toolPath}.json`);
  const { data } = parseSpecFile(file, fs.readFileSync(file, 'utf8'));
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(`${file}, data:\n${z.prettifyError(result.error)}`);
  return result.data;
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ContentScreenshot } from '../content';
import type { ChartBuilders } from '../render';
import { z } from 'zod';
import { isoDate, parseSpecFile, toolData } from '../spec-files';
import { loadSpecs } from '../specs';

const shot: ContentScreenshot = {
  name: 'demo-1.png',
  alt: 'Demo chart',
  tool: 'Demo Tool',
  toolPath: 'demo',
  file: 't99-demo.md',
};
const charts: ChartBuilders = {
  'demo-1.png': () => ({ kind: 'note', date: '2024-05-17', title: 'Demo', body: 'One line' }),
};

function withSpecDir(files: Record<string, string>, run: (dir: string) => void): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screenshot-specs-'));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    run(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('screenshot spec files', () => {
  it('joins a spec entry with the tool title and its chart', () => {
    const text = JSON.stringify({
      screenshots: {
        'demo-1.png': { inputs: [['Symbol', 'ACME']], views: ['Chart', 'Table'], activeView: 'Table' },
      },
    });
    withSpecDir({ 'demo.json': text }, (dir) => {
      const spec = loadSpecs([shot], dir, charts).get('demo-1.png');
      expect(spec).toMatchObject({
        title: 'Demo Tool',
        inputs: [['Symbol', 'ACME']],
        views: ['Chart', 'Table'],
        activeView: 'Table',
      });
    });
  });

  it('names the file and the field of a misspelt key', () => {
    const text = JSON.stringify({ screenshots: { 'demo-1.png': { inputs: [], activView: 'Table' } } });
    expect(() => parseSpecFile('specs/demo.json', text)).toThrow(/specs\/demo\.json[\s\S]*activView/);
  });

  it('rejects an input that is not a [label, value] pair', () => {
    const text = JSON.stringify({ screenshots: { 'demo-1.png': { inputs: [['Symbol']] } } });
    expect(() => parseSpecFile('specs/demo.json', text)).toThrow(/demo-1\.png[\s\S]*inputs/);
  });

  it('rejects an active view that is not one of the views', () => {
    const text = JSON.stringify({
      screenshots: { 'demo-1.png': { inputs: [], views: ['Chart'], activeView: 'Table' } },
    });
    expect(() => parseSpecFile('specs/demo.json', text)).toThrow('activeView must be one of views');
  });

  it('names the file when the JSON does not parse', () => {
    expect(() => parseSpecFile('specs/demo.json', '{ "screenshots": ')).toThrow(
      /^specs\/demo\.json: not valid JSON/,
    );
  });

  it('lists screenshots without a spec entry or chart, and entries no page lists', () => {
    const text = JSON.stringify({ screenshots: { 'demo-2.png': { inputs: [] } } });
    withSpecDir({ 'demo.json': text }, (dir) => {
      expect(() => loadSpecs([shot], dir, {})).toThrow(
        [
          'Screenshot specs do not match content/tools:',
          'demo-1.png (t99-demo.md): no entry in demo.json',
          'demo-1.png (t99-demo.md): no chart builder in charts/',
          "demo.json: demo-2.png is not in that tool's page",
        ].join('\n'),
      );
    });
  });

  it("checks a tool's data section against the chart module's schema", () => {
    const schema = z.strictObject({ cuts: z.array(z.tuple([isoDate, z.number()])) });
    const good = { screenshots: {}, data: { cuts: [['2019-07-31', 2]] } };
    const typo = { screenshots: {}, data: { cuts: [['2019-7-31', 2]] } };
    withSpecDir({ 'good.json': JSON.stringify(good), 'typo.json': JSON.stringify(typo) }, (dir) => {
      expect(toolData('good', schema, dir)).toEqual({ cuts: [['2019-07-31', 2]] });
      expect(() => toolData('typo', schema, dir)).toThrow(
        /typo\.json, data:[\s\S]*expected a date like 2024-05-17[\s\S]*cuts\[0\]\[0\]/,
      );
    });
  });
});

import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';

// A release changes the application every tool page and article describes (2.0: the sidebar and the
// loading of every tool), so each is reviewed with it and dated no earlier: a page dated before the
// current release reads as one nobody has looked at since (the May 2024 dates before 2.0).

const root = path.join(__dirname, '..');

interface Entry {
  date: string | Date;
  version?: string;
}

const day = (value: unknown): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value);

function datedPages(dir: string): { file: string; updated: string }[] {
  return fs
    .readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const { data } = matter(fs.readFileSync(path.join(root, dir, name), 'utf8'));
      return { file: `${dir}/${name}`, updated: day((data as { updated?: unknown }).updated) };
    });
}

describe('content dates', () => {
  // The changelog is a YAML list: read by gray-matter's YAML parser as the front matter's one field.
  const yaml = fs.readFileSync(path.join(root, 'content/changelog.yaml'), 'utf8');
  const changelog = (
    matter(`---\nentries:\n${yaml.replace(/^/gm, '  ')}\n---\n`).data as { entries: Entry[] }
  ).entries;
  const release = changelog
    .filter((e) => e.version)
    .map((e) => day(e.date))
    .sort()
    .at(-1);

  it('has a current release', () => {
    expect(release).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it('dates no tool page or article before the current release, nor after today', () => {
    const pages = [...datedPages('content/tools'), ...datedPages('content/blog')];
    expect(pages.length).toBeGreaterThan(40);
    const today = new Date().toISOString().slice(0, 10);
    const wrong = pages.filter((p) => !(p.updated >= (release ?? '') && p.updated <= today));
    expect(wrong.map((p) => `${p.file}: ${p.updated}`)).toEqual([]);
  });
});

import { parseBuildOutput, phaseRows } from '../build-phases';

// Lines as `gatsby build` 5.16 writes them to a pipe (cursor codes included), from a real run.
const OUTPUT = [
  'success compile gatsby files - 3.399s',
  '',
  '\x1b[2K\x1b[1A\x1b[2K\x1b[Gsuccess load gatsby config - 0.030s',
  'info Total nodes: 486, SitePage nodes: 73 (use --verbose for breakdown)',
  'success extract queries from components - 2.559s',
  'info bootstrap finished - 9.385s',
  '\x1b[2K\x1b[1A\x1b[2K\x1b[Gsuccess Building production JavaScript and CSS bundles - 10.672s',
  'success Building HTML renderer - 6.896s',
  'success run queries in workers - 0.773s - 75/75 97.04/s',
  'success Running gatsby-plugin-sharp.IMAGE_PROCESSING jobs - 21.774s - 372/372',
  'success Writing page-data.json and slice-data.json files to public directory - ',
  'success Building static HTML for pages - 1.041s - 73/73 70.16/s',
  'info Done building in 50.002973393 sec',
].join('\n');

describe('build phases', () => {
  it('reads each phase, its count and the total from gatsby build’s output', () => {
    const report = parseBuildOutput(OUTPUT);
    expect(report.totalSeconds).toBeCloseTo(50.003, 3);
    expect(report.phases).toContainEqual({
      phase: 'Running gatsby-plugin-sharp.IMAGE_PROCESSING jobs',
      seconds: 21.774,
      count: '372/372',
    });
    expect(report.phases).toContainEqual({ phase: 'load gatsby config', seconds: 0.03 });
    expect(report.phases.map((p) => p.phase)).not.toContain(
      'Writing page-data.json and slice-data.json files to public directory',
    );
  });

  it('lists the phases over a second, longest first, without the bootstrap total', () => {
    expect(phaseRows(parseBuildOutput(OUTPUT)).map((r) => r.phase)).toEqual([
      'Running gatsby-plugin-sharp.IMAGE_PROCESSING jobs',
      'Building production JavaScript and CSS bundles',
      'Building HTML renderer',
      'compile gatsby files',
      'extract queries from components',
      'Building static HTML for pages',
    ]);
  });

  it('finds no phases in output of another shape', () => {
    expect(parseBuildOutput('Build started\nBuild done').phases).toEqual([]);
  });
});

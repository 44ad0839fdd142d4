import {
  changelogContradictions,
  freeTierContradictions,
  releaseContradictions,
  type ToolFacts,
} from '../content-agreement';

const tool = (id: string, title: string, updated: string, tags: string[] = []): ToolFacts => ({
  id,
  title,
  updated,
  tags,
});

const treasury = tool('T1', 'Treasury Rates', '2024-05-21', ['free']);
const journal = tool('T33', 'Journal', '2023-09-26');
const launch = { date: '2023-04-08', details: ['Initial release with Treasury Rates.'], introduces: ['T1'] };
const journalRelease = { date: '2023-09-26', details: ['New tool: Journal.'], introduces: ['T33'] };

describe('changelogContradictions', () => {
  it('accepts tools updated on or after the entry that introduced them', () => {
    expect(changelogContradictions([treasury, journal], [launch, journalRelease])).toEqual([]);
  });

  it('rejects a Last Updated date earlier than the entry that introduced the tool', () => {
    const stale = { ...journal, updated: '2023-08-28' };
    expect(changelogContradictions([treasury, stale], [launch, journalRelease])).toEqual([
      'T33 Journal was last updated on 2023-08-28, before the changelog entry of 2023-09-26 that introduced it.',
    ]);
  });

  it('rejects a Last Updated date earlier than the newest release, which changes every tool', () => {
    const release = {
      date: '2026-11-01',
      details: ['Stockbench 2.0, with every tool updated.'],
      introduces: null,
      version: '2.0',
    };
    const reviewed = { ...journal, updated: '2026-11-01' };
    expect(changelogContradictions([treasury, reviewed], [launch, journalRelease, release])).toEqual([
      'T1 Treasury Rates was last updated on 2024-05-21, before the release of 2026-11-01 (Stockbench 2.0), which changed every tool.',
    ]);
  });

  it('rejects a listed tool that no entry introduces, but not a hidden one', () => {
    expect(changelogContradictions([treasury, journal], [launch])).toEqual([
      'T33 Journal is listed on the site but no changelog entry introduces it.',
    ]);
    const hidden = { ...journal, tags: ['hidden'] };
    expect(changelogContradictions([treasury, hidden], [launch])).toEqual([]);
  });

  it('rejects a tool introduced twice, an unknown id, and text that does not name the tool', () => {
    const again = { date: '2024-01-09', details: ['New tool: Treasury Rates.'], introduces: ['T1', 'T99'] };
    const silent = { date: '2023-09-26', details: ['Faster start-up.'], introduces: ['T33'] };
    expect(changelogContradictions([treasury, journal], [launch, again, silent])).toEqual([
      'The changelog entry of 2024-01-09 introduces T99, which is not a tool.',
      'The changelog entry of 2023-09-26 introduces T33 but its text never names "Journal".',
      'T1 Treasury Rates is introduced by several changelog entries: 2023-04-08, 2024-01-09.',
    ]);
  });
});

describe('freeTierContradictions', () => {
  const price = tool('T2', 'Price History', '2024-05-14', ['free']);
  const employment = tool('T4', 'Employment', '2024-05-06');

  it('accepts exactly tools #1 to #N tagged free', () => {
    expect(freeTierContradictions([treasury, price, employment], 2)).toEqual([]);
  });

  it('rejects a free tag outside the free range and a missing one inside it', () => {
    expect(freeTierContradictions([treasury, price, employment], 1)).toEqual([
      'T2 Price History is tagged free, but the free version is tools #1 to #1.',
    ]);
    expect(freeTierContradictions([treasury, { ...price, tags: [] }], 2)).toEqual([
      'T2 Price History is one of tools #1 to #2 (the free version) but is not tagged free.',
    ]);
  });
});

describe('releaseContradictions', () => {
  const two = { date: '2026-11-01', details: ['Stockbench 2.0.'], introduces: [], version: '2.0' };
  const out = {
    id: 'two',
    message: 'Stockbench 2.0 is now available for Windows and macOS.',
    startDate: '2026-11-01T00:00:00Z',
    release: '2.0',
  };

  it('accepts an announcement of a release the changelog has, from that day on', () => {
    expect(releaseContradictions([out], [launch, two])).toEqual([]);
  });

  it('rejects an announcement that says a release is out without naming it', () => {
    expect(releaseContradictions([{ ...out, release: null }], [launch, two])).toEqual([
      'The announcement two says a release is out but names none: add "release: <version>" of a changelog entry.',
    ]);
  });

  it('rejects an announcement of a release the changelog lacks, or has only later, or does not name', () => {
    expect(releaseContradictions([out], [launch])).toEqual([
      'The announcement two announces version 2.0, which no changelog entry releases.',
    ]);
    expect(releaseContradictions([out], [launch, { ...two, date: '2026-11-20' }])).toEqual([
      'The announcement two starts on 2026-11-01, before the changelog entry of 2026-11-20 that releases version 2.0.',
    ]);
    expect(releaseContradictions([{ ...out, message: 'Our new release is now available.' }], [two])).toEqual([
      'The announcement two announces version 2.0 but its text never says "Stockbench 2.0".',
    ]);
  });

  it('rejects a version released twice', () => {
    expect(releaseContradictions([], [two, { ...two, date: '2026-12-01' }])).toEqual([
      'Version 2.0 is released by several changelog entries: 2026-11-01, 2026-12-01.',
    ]);
  });
});

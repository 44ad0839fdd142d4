import { announcementsForBuild, currentRelease, offersInstallers } from '../releases';

const linked = { windows: 'https://dl.example/setup.exe', macos: 'https://dl.example/app.dmg' };
const none = { windows: '', macos: '' };

describe('releases', () => {
  it('offers installers only when both are linked', () => {
    expect(offersInstallers(linked)).toBe(true);
    expect(offersInstallers({ ...linked, macos: '' })).toBe(false);
    expect(offersInstallers(none)).toBe(false);
  });

  it('takes the newest entry with a version as the current release', () => {
    const entries = [
      { date: '2023-04-08', version: '1.0' },
      { date: '2026-11-01', version: '2.0' },
      { date: '2026-11-20', version: null },
    ];
    expect(currentRelease(entries)?.version).toBe('2.0');
    expect(currentRelease([{ date: '2023-04-08' }])).toBeUndefined();
  });

  it('shows a release announcement only in a build that links the installers', () => {
    const all = [{ id: 'news' }, { id: 'two', release: '2.0' }];
    expect(announcementsForBuild(all, linked).map((a) => a.id)).toEqual(['news', 'two']);
    expect(announcementsForBuild(all, none).map((a) => a.id)).toEqual(['news']);
  });
});

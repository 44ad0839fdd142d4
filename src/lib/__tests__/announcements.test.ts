import { activeAnnouncements, type Announcement } from '../announcements';

const list: Announcement[] = [
  { id: 'past', message: 'Past', startDate: '2024-01-01T00:00:00Z', endDate: '2024-02-01T00:00:00Z' },
  { id: 'now', message: 'Now', startDate: '2026-11-01T00:00:00Z', endDate: '2027-12-31T23:59:59Z' },
  { id: 'future', message: 'Future', startDate: '2028-01-01T00:00:00Z', endDate: '2028-02-01T00:00:00Z' },
  { id: 'broken', message: 'Broken', startDate: 'not a date', endDate: '2030-01-01T00:00:00Z' },
];

describe('activeAnnouncements', () => {
  it('keeps only those whose window contains the visitor clock', () => {
    const ids = activeAnnouncements(list, new Date('2026-11-22T12:00:00Z')).map((a) => a.id);
    expect(ids).toEqual(['now']);
  });

  it('includes both ends of the window', () => {
    expect(activeAnnouncements(list, new Date('2026-11-01T00:00:00Z')).map((a) => a.id)).toEqual(['now']);
    expect(activeAnnouncements(list, new Date('2027-12-31T23:59:59Z')).map((a) => a.id)).toEqual(['now']);
    expect(activeAnnouncements(list, new Date('2028-01-01T00:00:00Z')).map((a) => a.id)).toEqual(['future']);
  });

  it('shows none before any window', () => {
    expect(activeAnnouncements(list, new Date('2023-01-01T00:00:00Z'))).toEqual([]);
  });
});

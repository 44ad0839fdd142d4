import { filterByTitle, splitColumns, visibleItems } from '../filters';

const items = [
  { title: 'Treasury Rates', tags: ['macro'] },
  { title: 'Price History', tags: [] },
  { title: 'Performance by Year', tags: ['hidden'] },
];

describe('filterByTitle', () => {
  it('matches a case-insensitive substring of the title', () => {
    expect(filterByTitle(items, 'RATES').map((i) => i.title)).toEqual(['Treasury Rates']);
    expect(filterByTitle(items, 'ry').map((i) => i.title)).toEqual(['Treasury Rates', 'Price History']);
  });

  it('shows everything for an empty or blank keyword', () => {
    expect(filterByTitle(items, '')).toHaveLength(3);
    expect(filterByTitle(items, '   ')).toHaveLength(3);
  });

  it('shows nothing when no title matches', () => {
    expect(filterByTitle(items, 'crypto')).toEqual([]);
  });
});

describe('visibleItems', () => {
  it('leaves out items tagged hidden', () => {
    expect(visibleItems(items).map((i) => i.title)).toEqual(['Treasury Rates', 'Price History']);
  });
});

describe('splitColumns', () => {
  it('puts the first 22 in the first column and the rest in the second', () => {
    const list = Array.from({ length: 46 }, (_, i) => i + 1);
    const [left, right] = splitColumns(list);
    expect(left).toHaveLength(22);
    expect(left[21]).toBe(22);
    expect(right[0]).toBe(23);
    expect(right).toHaveLength(24);
  });

  it('leaves the second column empty for short lists', () => {
    expect(splitColumns([1, 2, 3])).toEqual([[1, 2, 3], []]);
  });
});

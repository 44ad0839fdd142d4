// The tools and blog filters: case-insensitive substring of the title; an empty keyword shows all.
export function filterByTitle<T extends { title: string }>(items: readonly T[], keyword: string): T[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...items];
  return items.filter((item) => item.title.toLowerCase().includes(needle));
}

/** Tools tagged `hidden` are left out of every list, the JSON feed included. */
export function visibleItems<T extends { tags?: readonly (string | null)[] | null }>(
  items: readonly T[],
): T[] {
  return items.filter((item) => !(item.tags ?? []).includes('hidden'));
}

/** The home page's two columns: the first `at` items, then the rest. */
export function splitColumns<T>(items: readonly T[], at = 22): [T[], T[]] {
  return [items.slice(0, at), items.slice(at)];
}

// Gatsby's generated query types (src/gatsby-types.d.ts) make every content field nullable: the schema
// cannot say that every tool has a title. Pages check what they need where the query's data comes in,
// so content that lacks a field fails the build with the field's name instead of rendering "null".

/** `value`, or an error naming `what` when the content lacks it. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`The content lacks ${what}`);
  return value;
}

/** A list field without its null entries (a YAML list item left empty). */
export function strings(list: readonly (string | null)[] | null | undefined): string[] {
  return (list ?? []).filter((item): item is string => item !== null);
}

import { invalidParam } from './errors';
import type { JsonObject } from './json';

/**
 * Stripe's search query language, the part customers need: clauses `field:'value'`,
 * `field~'substring'`, `metadata['key']:'value'`, `-field:'value'`, joined by AND or OR.
 */
type Clause = { field: string; key?: string; op: ':' | '~'; value: string; negate: boolean };

const CLAUSE =
  /^\s*(-?)([a-z_]+)(?:\[\s*['"]([^'"]+)['"]\s*\])?\s*([:~])\s*(?:'([^']*)'|"([^"]*)"|(\S+))\s*/i;

export function parseQuery(query: string): { clauses: Clause[]; any: boolean } {
  const clauses: Clause[] = [];
  let rest = query.trim();
  let joiner: 'AND' | 'OR' | undefined;
  while (rest.length > 0) {
    const m = CLAUSE.exec(rest);
    if (!m) throw invalidParam('query', `Invalid search query: ${query}`);
    clauses.push({
      negate: m[1] === '-',
      field: (m[2] as string).toLowerCase(),
      key: m[3],
      op: m[4] as ':' | '~',
      value: m[5] ?? m[6] ?? m[7] ?? '',
    });
    rest = rest.slice(m[0].length);
    const j = /^(AND|OR)\s+/i.exec(rest);
    if (j) {
      const word = (j[1] as string).toUpperCase() as 'AND' | 'OR';
      if (joiner && joiner !== word) throw invalidParam('query', 'Search queries cannot mix AND and OR.');
      joiner = word;
      rest = rest.slice(j[0].length);
    } else if (rest.length > 0) {
      throw invalidParam('query', `Invalid search query: ${query}`);
    }
  }
  return { clauses, any: joiner === 'OR' };
}

function clauseMatches(obj: JsonObject, c: Clause): boolean {
  let actual: unknown = obj[c.field];
  if (c.field === 'metadata') actual = c.key ? (obj.metadata as JsonObject | null)?.[c.key] : undefined;
  const value = typeof actual === 'string' ? actual : actual == null ? '' : String(actual);
  const hit =
    c.op === '~'
      ? value.toLowerCase().includes(c.value.toLowerCase())
      : c.field === 'email'
        ? value.toLowerCase() === c.value.toLowerCase()
        : value === c.value;
  return c.negate ? !hit : hit;
}

export function matches(obj: JsonObject, query: { clauses: Clause[]; any: boolean }): boolean {
  return query.any
    ? query.clauses.some((c) => clauseMatches(obj, c))
    : query.clauses.every((c) => clauseMatches(obj, c));
}

// CloudWatch Logs' JSON filter patterns (what a metric filter matches), for the tests that feed the
// metric filters of the synthesized templates real log lines: `{ $.level = "ERROR" }`, with `&&`, `||`,
// parentheses, `=` and `!=` on strings (`*` matches any run of characters), `=`, `!=`, `<`, `<=`, `>`,
// `>=` on numbers, `IS NULL`, `NOT EXISTS`, and `$.a.b` paths. A line that is not a JSON object matches
// no JSON pattern. Source: CloudWatch Logs User Guide, "Using filter patterns to match terms in JSON
// log events".

type Json = unknown;
type Test = (event: Json) => boolean;

const TOKEN =
  /\s*(\(|\)|&&|\|\||\$(?:\.[A-Za-z0-9_-]+|\[\d+\])+|"(?:[^"\\]|\\.)*"|!=|<=|>=|=|<|>|IS\s+NULL|NOT\s+EXISTS|[^\s()&|=<>!"]+)/y;

function tokenize(body: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < body.length) {
    if (!body.slice(TOKEN.lastIndex).trim()) break;
    const match = TOKEN.exec(body);
    if (!match?.[1]) throw new Error(`Cannot parse the filter pattern at "${body.slice(TOKEN.lastIndex)}"`);
    tokens.push(match[1]);
  }
  return tokens;
}

function valueAt(event: Json, path: string): { found: boolean; value: Json } {
  let current: Json = event;
  for (const part of path.slice(1).match(/\.[A-Za-z0-9_-]+|\[\d+\]/g) ?? []) {
    const key = part.startsWith('.') ? part.slice(1) : Number(part.slice(1, -1));
    if (current === null || typeof current !== 'object' || !(key in (current as object))) {
      return { found: false, value: undefined };
    }
    current = (current as Record<string | number, Json>)[key];
  }
  return { found: true, value: current };
}

const wildcard = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    's',
  );

function comparison(path: string, op: string, raw: string): Test {
  if (/^IS\s+NULL$/.test(op)) return (e) => valueAt(e, path).value === null;
  if (/^NOT\s+EXISTS$/.test(op)) return (e) => !valueAt(e, path).found;
  const quoted = raw.startsWith('"');
  const text = quoted ? (JSON.parse(raw) as string) : raw;
  const number = Number(text);
  if (!quoted && raw !== '' && Number.isFinite(number)) {
    const compare: Record<string, (a: number) => boolean> = {
      '=': (a) => a === number,
      '!=': (a) => a !== number,
      '<': (a) => a < number,
      '<=': (a) => a <= number,
      '>': (a) => a > number,
      '>=': (a) => a >= number,
    };
    const fn = compare[op];
    if (!fn) throw new Error(`Unknown operator ${op}`);
    return (e) => {
      const { value } = valueAt(e, path);
      return typeof value === 'number' && fn(value);
    };
  }
  if (op !== '=' && op !== '!=') throw new Error(`${op} compares numbers only`);
  const matches = wildcard(text);
  return (e) => {
    const { found, value } = valueAt(e, path);
    const equal = found && typeof value === 'string' && matches.test(value);
    return op === '=' ? equal : found && typeof value === 'string' && !equal;
  };
}

function parse(tokens: string[]): Test {
  let i = 0;
  const peek = () => tokens[i];
  const next = () => {
    const token = tokens[i++];
    if (token === undefined) throw new Error('The filter pattern ends too early');
    return token;
  };
  const primary = (): Test => {
    const token = next();
    if (token === '(') {
      const inner = or();
      if (next() !== ')') throw new Error('Unbalanced parentheses in the filter pattern');
      return inner;
    }
    if (!token.startsWith('$')) throw new Error(`Expected a $. selector, got ${token}`);
    const op = next();
    if (/^(IS\s+NULL|NOT\s+EXISTS)$/.test(op)) return comparison(token, op, '');
    return comparison(token, op, next());
  };
  const and = (): Test => {
    let left = primary();
    while (peek() === '&&') {
      next();
      const [a, b] = [left, primary()];
      left = (e) => a(e) && b(e);
    }
    return left;
  };
  const or = (): Test => {
    let left = and();
    while (peek() === '||') {
      next();
      const [a, b] = [left, and()];
      left = (e) => a(e) || b(e);
    }
    return left;
  };
  const test = or();
  if (i !== tokens.length) throw new Error(`Unexpected "${tokens[i] ?? ''}" in the filter pattern`);
  return test;
}

/** A matcher for one JSON filter pattern (`{ ... }`); throws on a pattern it cannot read. */
export function jsonFilterPattern(pattern: string): (line: string) => boolean {
  const body = /^\s*\{(.*)\}\s*$/s.exec(pattern)?.[1];
  if (body === undefined) throw new Error(`Not a JSON filter pattern: ${pattern}`);
  const test = parse(tokenize(body));
  return (line) => {
    let event: Json;
    try {
      event = JSON.parse(line);
    } catch {
      return false;
    }
    return event !== null && typeof event === 'object' && !Array.isArray(event) && test(event);
  };
}

/**
 * Stripe's form encoding: `items[0][price]=x&expand[]=y&metadata[uid]=z` into nested values.
 * Objects whose keys are all array indexes become arrays, as Stripe treats them.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const path = [key.slice(0, first)];
  const re = /\[([^\]]*)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(key.slice(first))) !== null) path.push(m[1] ?? '');
  return path;
}

type Tree = { [key: string]: Tree | string };

function normalize(node: Tree | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const out: FormObject = {};
  for (const k of keys) out[k] = normalize(node[k] as Tree | string);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => out[k] as FormValue);
  }
  return out;
}

export function parseForm(body: string): FormObject {
  const root: Tree = {};
  let pushCounter = 0;
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = keyPath(rawKey);
    let node: Tree = root;
    path.forEach((segment, i) => {
      // `expand[]=a&expand[]=b`: empty brackets append, so give each a distinct numeric index.
      const seg = segment === '' ? String(1_000_000 + pushCounter++) : segment;
      if (i === path.length - 1) {
        node[seg] = value;
        return;
      }
      const next = node[seg];
      if (typeof next !== 'object') node[seg] = {};
      node = node[seg] as Tree;
    });
  }
  return normalize(root) as FormObject;
}

/** JSON bodies (used by the /_emulator endpoints) mapped onto the same value type. */
export function fromJson(value: unknown): FormValue {
  if (Array.isArray(value)) return value.map(fromJson);
  if (typeof value === 'object' && value !== null) {
    const out: FormObject = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) out[k] = fromJson(v);
    return out;
  }
  return String(value);
}

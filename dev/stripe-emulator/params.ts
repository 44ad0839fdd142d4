import { invalidParam, missingParam, unknownParam } from './errors';
import type { FormObject, FormValue } from './form';
import type { Metadata } from './objects';

/** Typed reads of a parsed form body; every failure is a Stripe 400 naming the param in bracket form. */
export class Params {
  constructor(
    readonly raw: FormObject,
    private readonly prefix = '',
  ) {}

  private name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  /** Rejects top-level params a route does not know, as Stripe does. */
  allowOnly(keys: readonly string[]): this {
    for (const key of Object.keys(this.raw)) if (!keys.includes(key)) throw unknownParam(this.name(key));
    return this;
  }

  str(key: string): string | undefined {
    const v = this.raw[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw invalidParam(this.name(key), `Invalid string: ${this.name(key)}`);
    return v;
  }

  reqStr(key: string): string {
    const v = this.str(key);
    if (v === undefined || v === '') throw missingParam(this.name(key));
    return v;
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const v = this.str(key);
    if (v === undefined) return undefined;
    if (!(values as readonly string[]).includes(v)) {
      throw invalidParam(this.name(key), `Invalid ${this.name(key)}: must be one of ${values.join(', ')}`);
    }
    return v as T;
  }

  int(key: string): number | undefined {
    const v = this.str(key);
    if (v === undefined) return undefined;
    if (!/^-?\d+$/.test(v)) throw invalidParam(this.name(key), `Invalid integer: ${v}`);
    return Number(v);
  }

  reqInt(key: string): number {
    const v = this.int(key);
    if (v === undefined) throw missingParam(this.name(key));
    return v;
  }

  bool(key: string): boolean | undefined {
    const v = this.str(key);
    if (v === undefined) return undefined;
    if (v !== 'true' && v !== 'false') throw invalidParam(this.name(key), `Invalid boolean: ${v}`);
    return v === 'true';
  }

  obj(key: string): Params | undefined {
    const v = this.raw[key];
    if (v === undefined || v === '') return undefined;
    if (typeof v !== 'object' || Array.isArray(v)) {
      throw invalidParam(this.name(key), `Invalid object: ${this.name(key)}`);
    }
    return new Params(v, this.name(key));
  }

  list(key: string): Params[] {
    const v = this.raw[key];
    if (v === undefined || v === '') return [];
    if (!Array.isArray(v)) throw invalidParam(this.name(key), `Invalid array: ${this.name(key)}`);
    return v.map((item, i) => {
      if (typeof item !== 'object' || Array.isArray(item)) {
        throw invalidParam(`${this.name(key)}[${i}]`, `Invalid object: ${this.name(key)}[${i}]`);
      }
      return new Params(item, `${this.name(key)}[${i}]`);
    });
  }

  strings(key: string): string[] {
    const v: FormValue | undefined = this.raw[key];
    if (v === undefined || v === '') return [];
    const arr = Array.isArray(v) ? v : [v];
    return arr.map((s) => {
      if (typeof s !== 'string') throw invalidParam(this.name(key), `Invalid array: ${this.name(key)}`);
      return s;
    });
  }

  expand(): string[] {
    return this.strings('expand');
  }

  /** Stripe's metadata update: an empty string removes the key, an empty `metadata` clears all. */
  metadata(current: Metadata = {}): Metadata {
    const v = this.raw.metadata;
    if (v === undefined) return current;
    if (v === '') return {};
    if (typeof v !== 'object' || Array.isArray(v)) throw invalidParam('metadata', 'Invalid object: metadata');
    const next: Metadata = { ...current };
    for (const [k, value] of Object.entries(v)) {
      if (typeof value !== 'string') throw invalidParam(`metadata[${k}]`, `Invalid string: metadata[${k}]`);
      if (value === '') Reflect.deleteProperty(next, k);
      else next[k] = value;
    }
    return next;
  }
}

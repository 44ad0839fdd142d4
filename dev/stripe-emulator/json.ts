/** JSON values as stored and answered; objects are kept in the exact shape the API answers. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function clone<T>(value: T): T {
  return structuredClone(value);
}

/**
 * A stored object (objects.ts: typed with the `stripe` package's types, which are interfaces without
 * an index signature) seen as the JSON it is: every one is built from plain data or read from the
 * state file, so nothing but JSON values is in it. The one place the two views meet.
 */
export function toJson(value: object): JsonObject {
  return value as JsonObject;
}

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Top-level keys whose value changed, with the old value: Stripe's `previous_attributes`. */
export function previousAttributes(beforeObject: object, afterObject: object): JsonObject | undefined {
  const [before, after] = [toJson(beforeObject), toJson(afterObject)];
  const changed: JsonObject = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key] ?? null;
  }
  return Object.keys(changed).length > 0 ? changed : undefined;
}

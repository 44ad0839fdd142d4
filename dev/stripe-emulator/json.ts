/** JSON values as stored and answered; objects are kept in the exact shape the API answers. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function clone<T extends Json>(value: T): T {
  return structuredClone(value);
}

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Top-level keys whose value changed, with the old value: Stripe's `previous_attributes`. */
export function previousAttributes(before: JsonObject, after: JsonObject): JsonObject | undefined {
  const changed: JsonObject = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key] ?? null;
  }
  return Object.keys(changed).length > 0 ? changed : undefined;
}

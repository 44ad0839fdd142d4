import * as z from 'zod/mini';
import { emailAddressProblem, normalizeEmail } from '../../src/lib/email-address';
import { unsafeCharacter } from '../../src/lib/unsafe-text';

// Field schemas shared by the endpoints' contracts, so every endpoint spells an id or a count the same way.

/**
 * Names every JavaScript object answers to ("__proto__", "constructor", "toString", ...) and
 * "prototype": an id that becomes a key of a stored map must not be one of them.
 */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
]);
const notPrototypeName = z.refine<string>((value) => !PROTOTYPE_NAMES.has(value), {
  message: 'must not be the name of a built-in object property',
});

/**
 * Refuses text holding a control or bidirectional formatting character (src/lib/unsafe-text.ts),
 * naming it; the field's path comes first in the 400's message ("machine.name: ...").
 */
const noUnsafeCharacter = (multiline: boolean) =>
  z.superRefine<string>((value, ctx) => {
    const ch = unsafeCharacter(value, { multiline });
    if (ch)
      ctx.addIssue({
        code: 'custom',
        message: `must not hold control or bidirectional formatting characters (${ch})`,
        input: value,
      });
  });

/**
 * Text a person writes and others read (a company's name, an address line, a computer's name): trimmed,
 * `min` to `max` characters, without control or bidirectional formatting characters (a line feed only
 * where `multiline`), so it can neither rewrite an operator's terminal nor reorder itself on a page.
 * Every contract's free-text field is one.
 */
export function freeText(max: number, { min = 1, multiline = false } = {}) {
  return z
    .pipe(
      z.string().check(noUnsafeCharacter(multiline)),
      z.transform((s: string) => s.trim()),
    )
    .check(z.minLength(min), z.maxLength(max));
}

const idPattern = (prefix: string) =>
  z.string().check(z.regex(new RegExp(`^${prefix}_[A-Za-z0-9_]{1,200}$`)));

export const fields = {
  uid: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_.@+-]+$/)),
  /**
   * An address in the one form the product compares (src/lib/email-address.ts): plain ASCII (a
   * look-alike such as the Kelvin sign is refused, naming it), then trimmed and lower-cased, then
   * checked as an address.
   */
  email: z.pipe(
    z.string().check(
      z.superRefine((value, ctx) => {
        const problem = emailAddressProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
      }),
    ),
    z.pipe(z.transform(normalizeEmail), z.email().check(z.maxLength(254))),
  ),
  password: z.string().check(z.minLength(1), z.maxLength(256)),
  /** Licenses bought or added at once: 1 to 5, the most one purchase holds. */
  count: z.int().check(z.gte(1), z.lte(5)),
  /** The same count as it arrives in a query string. */
  countQuery: z.pipe(
    z.string().check(z.regex(/^[1-5]$/, 'must be a whole number from 1 to 5')),
    z.transform((s: string) => Number(s)),
  ),
  /** A time in Unix seconds (a quote's proration date): whole, from 1970 to the year 9999. */
  epochSeconds: z.int().check(z.gte(0), z.lte(253_402_300_799)),
  customerId: idPattern('cus'),
  subscriptionId: idPattern('sub'),
  paymentMethodId: idPattern('pm'),
  /** As the user copied it (spaces, dashes or case may differ): never a control character. */
  licenseKey: z.string().check(z.minLength(1), z.maxLength(64), noUnsafeCharacter(false)),
  /** The desktop application's installation id: random, made once per installation. */
  machineId: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/), notPrototypeName),
  /** One-time email recovery code (base64url). */
  recoveryCode: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
};

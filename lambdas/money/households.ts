import { createHash } from 'node:crypto';
import { mailboxKey } from '../../src/lib/email-address';

// Who counts as one household for the satisfaction guarantee (once per household per year): the
// refunds' cards, by the fingerprint Stripe gives a card number (the same number has the same
// fingerprint whichever account adds it), the billing addresses (the company's on the account, and a
// card's own billing address when Stripe has one), the account itself and its email address as one mailbox
// (mailboxKey: a new account at the same address after deleting the old one, or at a +tag of it, is the
// same household). A refund claims every one of these keys; another refund is refused while
// any of its keys was claimed in the last year. The claims live outside the account's records, so they
// outlast its deletion, and the table keeps only a hash of each (no card fingerprint or address in the clear).

export interface PostalAddress {
  line1?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

/**
 * An address in one spelling: the first line, postal code and country, lower-cased, with punctuation
 * and runs of spaces made one space; undefined when it lacks any of the three.
 */
export function addressKey(a: PostalAddress): string | undefined {
  const norm = (s: string | null | undefined) =>
    (s ?? '')
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const parts = [norm(a.line1), norm(a.postalCode), norm(a.country)];
  return parts.every(Boolean) ? parts.join('|') : undefined;
}

const hashed = (kind: string, value: string) =>
  `${kind}:${createHash('sha256').update(`${kind}:${value}`).digest('base64url')}`;

/** The household keys of a refund, each once, in one order (claims are taken in this order). */
export function householdKeys(input: {
  uid: string;
  /** The account's email address, when known. */
  email?: string;
  cardFingerprints: readonly string[];
  addresses: readonly PostalAddress[];
}): string[] {
  const keys = new Set<string>([hashed('account', input.uid)]);
  if (input.email) keys.add(emailHousehold(input.email));
  for (const f of input.cardFingerprints) keys.add(hashed('card', f));
  for (const a of input.addresses) {
    const k = addressKey(a);
    if (k) keys.add(hashed('address', k));
  }
  return [...keys].sort();
}

/** The household key of an email address (also claimed when an account that was refunded is deleted). */
export const emailHousehold = (address: string): string => hashed('email', mailboxKey(address));

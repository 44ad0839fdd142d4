// The one form of an email address the product compares, stores and sends, shared by the site's forms,
// the API's schemas (lambdas/contracts/fields.ts) and the PreSignUp trigger (direct calls to Cognito).
//
// An address is plain ASCII: the mail we send goes through SES, which takes only 7-bit local parts,
// and a character that merely looks like a letter (the Kelvin sign K, fullwidth letters, Cyrillic а
// or о) would let two addresses read the same to a person while differing to the system, or, worse,
// collapse into one under a lax comparison (JavaScript lower-cases the Kelvin sign to "k"). Such an
// address is refused with a message naming the character; a valid one is compared in lower case,
// without surrounding spaces. Pure, no dependencies: the browser loads it.

/** Letters from other scripts that are drawn like ASCII ones (a subset of Unicode's confusables). */
const LOOKALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  в: 'B',
  е: 'e',
  к: 'k',
  м: 'M',
  н: 'H',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 'T',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  // Greek
  α: 'a',
  ο: 'o',
  ν: 'v',
  ρ: 'p',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Χ: 'X',
  Υ: 'Y',
  Ζ: 'Z',
  // Latin letters outside ASCII drawn like ASCII ones
  ı: 'i',
  ɑ: 'a',
  ɡ: 'g',
};

const codePoint = (ch: string): string =>
  `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The ASCII character `ch` is drawn like, if any (compatibility forms such as K or Ａ, or LOOKALIKES). */
function looksLike(ch: string): string | undefined {
  const folded = ch.normalize('NFKC');
  if (folded.length === 1 && folded !== ch && /^[\x21-\x7e]$/.test(folded)) return folded;
  return LOOKALIKES[ch];
}

/**
 * Why the address cannot be used, in words for the person who typed it, or undefined when it is plain
 * ASCII (whether it is a well-formed address is the form's and the schema's other check).
 */
export function emailAddressProblem(address: string): string | undefined {
  for (const ch of address.trim()) {
    if ((ch.codePointAt(0) ?? 0) <= 0x7f) continue;
    const ascii = looksLike(ch);
    const name = `“${ch}” (${codePoint(ch)})`;
    return ascii
      ? `The email address contains ${name}, which only looks like “${ascii}”. Type the address with plain letters a–z, digits and . _ + -.`
      : `The email address contains ${name}. Use an address with plain letters a–z, digits and . _ + - only.`;
  }
  return undefined;
}

/** The address as the product compares and stores it: no surrounding spaces, ASCII letters in lower case. */
export function normalizeEmail(address: string): string {
  // Only A-Z: String.prototype.toLowerCase would turn the Kelvin sign into "k".
  return address.trim().replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** Domains whose mailboxes ignore dots in the local part: Gmail's, under either of its names. */
const GMAIL_DOMAINS: ReadonlySet<string> = new Set(['gmail.com', 'googlemail.com']);

/**
 * The inbox an address reaches, as one key: its one form (normalizeEmail) without the local part's
 * +tag (a local part that is only a tag keeps it); for Gmail also without dots, and googlemail.com
 * as gmail.com, since Gmail delivers every such spelling to one inbox and lets nobody register
 * another. Every mail limit counts per mailbox, and a household of the guarantee is one mailbox too.
 */
export function mailboxKey(address: string): string {
  const email = normalizeEmail(address);
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

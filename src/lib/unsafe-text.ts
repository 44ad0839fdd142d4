// Characters that change how the text around them shows instead of showing themselves: control
// characters (C0, DEL, C1: ESC starts the terminal sequences that move the cursor, erase lines or make
// OSC-8 links; CR returns to the line's start), Unicode's bidirectional formatting characters (a
// right-to-left override shows "report\u202Etxt.exe" as "reportexe.txt") and the line and paragraph
// separators. The API refuses them in free text (lambdas/contracts/fields.ts); what was stored before
// is escaped in a terminal and replaced on a page.

const UNSAFE = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/gu;

/** "U+001B": how a refusal names a character. */
const codePoint = (ch: string) => `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The first character of `text` that free text must not hold, as "U+001B"; undefined when none. A
 * multi-line field may hold LF (a line feed only: CR is how a terminal line is overwritten).
 */
export function unsafeCharacter(text: string, { multiline = false } = {}): string | undefined {
  for (const [ch] of text.matchAll(UNSAFE)) {
    if (multiline && ch === '\n') continue;
    return codePoint(ch);
  }
  return undefined;
}

/**
 * Text as a terminal may print it: every unsafe character (LF included) written as its \uXXXX escape,
 * so what is printed moves nothing and says what is stored. The escape is JSON's own: JSON text passed
 * through it still parses to the same value.
 */
export function escapeForTerminal(text: string): string {
  return text.replace(UNSAFE, (ch) => `\\u${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}

/** Text as a page shows it: each unsafe character replaced by U+FFFD, so it reorders nothing and is seen. */
export function forDisplay(text: string): string {
  return text.replace(UNSAFE, '\uFFFD');
}

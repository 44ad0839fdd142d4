// When this browser last had a verification email sent, per address, so that signing in right after
// signing up (or after changing the address) does not mail a second link while the first one still
// works: each new code voids the previous one, and a user holding two emails would be likely to
// follow the older, dead link. Kept in localStorage because the first sign-in often happens in a
// new tab opened from the email.

const STORAGE_KEY = 'stockbench:verification-mail-sent';

/**
 * How long a sent link counts as usable here. Cognito's verification codes last 24 hours; an hour
 * less leaves the user time to follow the link before it expires.
 */
export const VERIFICATION_MAIL_FRESH_MS = 23 * 60 * 60 * 1000;

type SentAt = Record<string, number>;

const keyOf = (email: string): string => email.trim().toLowerCase();

function read(): SentAt {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    return {};
  }
}

/** Remembers that a verification email for `email` went out now (sign-up, resend, address change). */
export function recordVerificationMail(email: string, now = Date.now()): void {
  // Entries past their use are dropped on each write, so the record stays a handful of addresses.
  const kept = Object.entries(read()).filter(([, at]) => now - at < VERIFICATION_MAIL_FRESH_MS);
  try {
    window.localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ ...Object.fromEntries(kept), [keyOf(email)]: now }),
    );
  } catch {
    // Without storage every unverified sign-in sends a fresh email, as before: still correct.
  }
}

/** Whether this browser sent `email` a verification link that is still usable. */
export function hasFreshVerificationMail(email: string, now = Date.now()): boolean {
  const at = read()[keyOf(email)];
  return at !== undefined && now - at >= 0 && now - at < VERIFICATION_MAIL_FRESH_MS;
}

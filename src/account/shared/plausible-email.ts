// Loose on purpose: a link may carry anything, and this only decides whether to pre-fill a field the
// user still reads and submits; Cognito judges the address itself.
const PLAUSIBLE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;
const MAX_LENGTH = 254;

/** The address if it looks like one (a name, an at sign, a dotted domain, no spaces), otherwise null. */
export function plausibleEmail(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed.length <= MAX_LENGTH && PLAUSIBLE.test(trimmed) ? trimmed : null;
}

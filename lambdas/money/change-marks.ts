import { createHash } from 'node:crypto';

// Change marks: a user action that changes a subscription's quantity records its mark (a hash of its
// Idempotency-Key) in the subscription's metadata with the same Stripe update, so a run resuming the
// action reads from Stripe itself whether its change was made (DESIGN.md).

/** The subscription metadata field listing the marks of the last changes. */
const CHANGE_MARKS_FIELD = 'stockbench_changes';
/** Enough for every retry in flight (an action's key lives 24 hours; retries come within minutes). */
const MAX_CHANGE_MARKS = 20;

type Metadata = Record<string, string> | null | undefined;

/** A short, stable mark of a user action (its Idempotency-Key), recorded by the change it makes. */
export function changeMark(actionKey: string): string {
  return createHash('sha256').update(actionKey).digest('base64url').slice(0, 16);
}

function changeMarks(metadata: Metadata): string[] {
  return (metadata?.[CHANGE_MARKS_FIELD] ?? '').split(' ').filter(Boolean);
}

// An action sent without an Idempotency-Key has no mark (undefined): its change is never taken as
// made, and it records none.

/** Whether the change of the user action with this mark was made (on the subscription with `metadata`). */
export function hasChangeMark(metadata: Metadata, mark: string | undefined): boolean {
  return mark !== undefined && changeMarks(metadata).includes(mark);
}

/** The metadata update that records `mark`, keeping the newest MAX_CHANGE_MARKS marks. */
export function withChangeMark(metadata: Metadata, mark: string): Record<string, string>;
export function withChangeMark(
  metadata: Metadata,
  mark: string | undefined,
): Record<string, string> | undefined;
export function withChangeMark(
  metadata: Metadata,
  mark: string | undefined,
): Record<string, string> | undefined {
  if (mark === undefined) return undefined;
  const marks = [...changeMarks(metadata).filter((m) => m !== mark), mark].slice(-MAX_CHANGE_MARKS);
  return { [CHANGE_MARKS_FIELD]: marks.join(' ') };
}

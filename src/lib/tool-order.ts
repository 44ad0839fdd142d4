import { toolNumber } from './feeds';

/** Tools in their numeric order (T2 before T10), which a string sort gets wrong. */
export function byToolNumber<T extends { id: string }>(a: T, b: T): number {
  return toolNumber(a.id) - toolNumber(b.id);
}

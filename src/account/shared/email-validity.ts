import type { ChangeEvent } from 'react';
import { emailAddressProblem } from '../../lib/email-address';

/**
 * For an email field's onChange: a look-alike character (src/lib/email-address.ts) makes the field
 * invalid with the rule's own message, which the browser shows at submit (instead of its generic
 * one, or none when the character is in the domain).
 */
export function flagLookalikes(event: ChangeEvent<HTMLInputElement>): void {
  event.target.setCustomValidity(emailAddressProblem(event.target.value) ?? '');
}

import { navigate } from 'gatsby';
import { signOutUser } from '../../auth/sign-out';
import { withNote, type RedirectNoteKey } from './RedirectNote';

/**
 * After a change of factor (the second factor, a passkey) every session ends, this one too, and the
 * person signs in again (with the new factor): a session copied before the change must not outlive
 * it. Sign-ins waiting for their code are spared (the endpoint says why). Signed out here even if
 * ending the others fails: Cognito's event of the change ends them then
 * (lambdas/triggers/security-events.ts).
 */
export async function signInAgain(note: RedirectNoteKey): Promise<void> {
  await signOutUser({ everywhere: true, afterFactorChange: true }).catch(() => undefined);
  await navigate(withNote('/sign-in', note));
}

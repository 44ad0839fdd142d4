import { useCallback, useState, type FormEvent } from 'react';
import { authErrorMessage, type AuthScreen } from '../../auth/errors';
import { useSubmitGuard } from './use-submit-guard';

/** Does the work; may answer a message (a string) to show instead, when the input breaks a rule. */
type Task = () => Promise<unknown>;

/**
 * The submit logic every account form shares: one request at a time for at least `delayMs`
 * (useSubmitGuard), the previous error cleared, and a failure shown as this screen's message for it
 * (auth/errors.ts). A task returns a message instead of acting when the input breaks a rule.
 */
export function useAuthForm(screen: AuthScreen, delayMs = 500) {
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(delayMs);
  const submit = useCallback(
    (task: Task) => (event: FormEvent) => {
      event.preventDefault();
      void run(async () => {
        setError('');
        try {
          const problem = await task();
          if (typeof problem === 'string' && problem) setError(problem);
        } catch (err) {
          setError(authErrorMessage(err, screen));
        }
      });
    },
    [run, screen],
  );
  return { busy, error, submit };
}

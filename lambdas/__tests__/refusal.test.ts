import { jsonFilterPattern } from '../../dev/log-filter-pattern';
import { ERROR_LINES, REFUSAL_LINES } from '../../cdk/lib/monitoring';
import { refuse } from '../lib/refusal';

// A Cognito trigger's "no" (lambdas/lib/refusal.ts): Cognito shows the thrown message; the trigger logs
// it at INFO, and the runtime's line for it carries the Refusal errorType the failure alarms subtract.

it('throws the message Cognito shows, as a Refusal, after an INFO line', () => {
  const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let thrown: unknown;
  try {
    refuse('Too many mails to this address today');
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toMatchObject({ name: 'Refusal', message: 'Too many mails to this address today' });
  expect(info).toHaveBeenCalledWith('refused: Too many mails to this address today');
  expect(error).not.toHaveBeenCalled();
  info.mockRestore();
  error.mockRestore();

  // The line the Lambda runtime writes for it with the JSON log format: counted as a refusal.
  const line = JSON.stringify({
    timestamp: '2026-01-01T00:00:00.000Z',
    level: 'ERROR',
    requestId: 'r',
    message: { errorType: (thrown as Error).name, errorMessage: (thrown as Error).message, stackTrace: [] },
  });
  expect(jsonFilterPattern(REFUSAL_LINES.logPatternString)(line)).toBe(true);
  expect(jsonFilterPattern(ERROR_LINES.logPatternString)(line)).toBe(true);
});

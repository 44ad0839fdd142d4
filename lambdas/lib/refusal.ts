// A Cognito trigger's "no" to a person (a look-alike address, the daily mail cap, a sign-in begun before
// a security change): Cognito shows the message ("PreSignUp failed with error <message>."), and only a
// thrown error refuses. It is not a failure of ours: logged at INFO, and raised as a Refusal, whose name
// the runtime writes as the errorType of its line, so the alarms leave it out (cdk/lib/monitoring.ts).

export const REFUSAL = 'Refusal';

class Refusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = REFUSAL;
  }
}

/** Logs the refusal at INFO and throws it for Cognito to show. */
export function refuse(message: string): never {
  console.info(`refused: ${message}`);
  throw new Refusal(message);
}

/** A Cognito service error: its exception name (`__type`) and message, answered with status 400. */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

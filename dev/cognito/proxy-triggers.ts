import { randomUUID } from 'node:crypto';
import { CognitoError } from './cognito-error';

// The triggers Cognito runs before a call reaches the user store, which the proxy runs itself because
// cognito-local runs them later (PreSignUp, after its check that the address is free) or never
// (PreAuthentication): through the Lambda Invoke API, with the event Cognito sends; a failing trigger
// answers UserLambdaValidationException "<Trigger> failed with error <message>.", as Cognito does.

type Json = Record<string, unknown>;

export interface TriggerFunction {
  lambdaEndpoint: string;
  functionName: string;
}

const callerContext = (clientId: unknown) => ({ awsSdkVersion: 'aws-sdk-unknown-unknown', clientId });

async function invoke(fn: TriggerFunction, trigger: string, event: Json): Promise<void> {
  const url = `${fn.lambdaEndpoint}/2015-03-31/functions/${encodeURIComponent(fn.functionName)}/invocations`;
  const res = await fetch(url, { method: 'POST', body: JSON.stringify(event) });
  const answer = (await res.json().catch(() => ({}))) as { errorMessage?: string };
  if (res.ok && !res.headers.get('x-amz-function-error')) return;
  throw new CognitoError(
    'UserLambdaValidationException',
    `${trigger} failed with error ${answer.errorMessage ?? `status ${res.status}`}.`,
  );
}

/** PreSignUp, for a SignUp request (its answer, auto-confirm or auto-verify, is not applied: ours sets neither). */
export async function runPreSignUp(fn: TriggerFunction, body: Json, userPoolId: string): Promise<void> {
  const username = String(body.Username ?? '');
  const attributes = Object.fromEntries(
    ((body.UserAttributes as { Name: string; Value?: string }[] | undefined) ?? []).map((a) => [
      a.Name,
      a.Value ?? '',
    ]),
  );
  // The pool's usernames are email addresses: Cognito copies the username into the email attribute.
  attributes.email ??= username;
  await invoke(fn, 'PreSignUp', {
    version: '1',
    region: 'us-east-1',
    userPoolId,
    // Cognito's username for an email-username pool is a generated id (the user's sub).
    userName: randomUUID(),
    callerContext: callerContext(body.ClientId),
    triggerSource: 'PreSignUp_SignUp',
    request: {
      userAttributes: attributes,
      validationData: body.ValidationData ?? null,
      clientMetadata: body.ClientMetadata,
    },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  });
}

/**
 * PreAuthentication, for a password sign-in of a known user: Cognito hands it InitiateAuth's
 * ClientMetadata as `validationData`.
 */
export async function runPreAuthentication(
  fn: TriggerFunction,
  body: Json,
  user: { Username: string; UserAttributes?: { Name: string; Value?: string }[] },
  userPoolId: string,
): Promise<void> {
  await invoke(fn, 'PreAuthentication', {
    version: '1',
    region: 'us-east-1',
    userPoolId,
    userName: user.Username,
    callerContext: callerContext(body.ClientId),
    triggerSource: 'PreAuthentication_Authentication',
    request: {
      userAttributes: Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name, a.Value ?? ''])),
      validationData: (body.ClientMetadata as Json | undefined) ?? {},
    },
    response: {},
  });
}

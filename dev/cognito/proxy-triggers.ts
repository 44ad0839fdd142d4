import { randomUUID } from 'node:crypto';
import { InvokeCommand, LambdaClient, type InvocationType } from '@aws-sdk/client-lambda';
import { CognitoError } from './cognito-error';

// The triggers Cognito runs before a call reaches the user store, which the proxy runs itself because
// cognito-local runs them later (PreSignUp, after its check that the address is free) or never
// (PreAuthentication): through the Lambda Invoke API, with the event Cognito sends; a failing trigger
// answers UserLambdaValidationException "<Trigger> failed with error <message>.", as Cognito does.

type Json = Record<string, unknown>;

export interface TriggerFunction {
  lambdaEndpoint: string;
  functionName: string;
  /** The keys the Lambda endpoint takes Cognito's invocations with: each call is signed, as in AWS. */
  credentials: { accessKeyId: string; secretAccessKey: string };
}

const callerContext = (clientId: unknown) => ({ awsSdkVersion: 'aws-sdk-unknown-unknown', clientId });

const clients = new Map<string, LambdaClient>();

/** Invokes the function with Lambda's own client (signed with its keys); answers its result's parts. */
export async function invokeFunction(
  fn: TriggerFunction,
  event: Json,
  type: InvocationType = 'RequestResponse',
): Promise<{ functionError?: string; payload: string }> {
  const key = `${fn.lambdaEndpoint} ${fn.credentials.accessKeyId}`;
  let client = clients.get(key);
  if (!client) {
    // One attempt: a failed trigger fails the Cognito call, as Cognito does not retry it either.
    client = new LambdaClient({
      endpoint: fn.lambdaEndpoint,
      region: 'us-east-1',
      credentials: fn.credentials,
      maxAttempts: 1,
    });
    clients.set(key, client);
  }
  const out = await client.send(
    new InvokeCommand({
      FunctionName: fn.functionName,
      InvocationType: type,
      Payload: new TextEncoder().encode(JSON.stringify(event)),
    }),
  );
  return { functionError: out.FunctionError, payload: new TextDecoder().decode(out.Payload) };
}

async function invoke(fn: TriggerFunction, trigger: string, event: Json): Promise<void> {
  let answer: { errorMessage?: string } = {};
  let failed: string;
  try {
    const out = await invokeFunction(fn, event);
    if (!out.functionError) return;
    answer = JSON.parse(out.payload || '{}') as { errorMessage?: string };
    failed = out.functionError;
  } catch (error) {
    failed = error instanceof Error ? error.name : String(error);
  }
  throw new CognitoError(
    'UserLambdaValidationException',
    `${trigger} failed with error ${answer.errorMessage ?? failed}.`,
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

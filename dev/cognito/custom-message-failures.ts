// Runs inside the cognito-local child (cognito-local-main.ts). cognito-local 5.3 swallows a failing
// CustomMessage trigger and sends its own default message ("Your code is ...") instead; Cognito fails
// the call that would have sent the mail (UserLambdaValidationException "CustomMessage failed with
// error ...") and sends nothing. The product's limit on mails per address relies on that, so messages
// are made here as Cognito makes them: the trigger's error reaches the caller.
import { MessagesService } from 'cognito-local/lib/services/messages';
import { attributesToRecord, type User } from 'cognito-local/lib/services/userPoolService';
import type { Context } from 'cognito-local/lib/services/context';

interface Invoker {
  enabled(trigger: string): boolean;
  lambda: { invoke(ctx: Context, trigger: string, event: Record<string, unknown>): Promise<Response> };
}
interface Response {
  emailMessage?: string;
  emailSubject?: string;
  smsMessage?: string;
}

const CODE = '{####}';
const USERNAME = '{username}';
/** cognito-local's client id for admin-initiated messages. */
const ADMIN_CLIENT = 'CLIENT_ID_NOT_APPLICABLE';

/** cognito-local's message maker (private in its types). */
const messages = MessagesService.prototype as unknown as { create: unknown };

messages.create = async function create(
  this: { triggers: Invoker },
  ctx: Context,
  source: string,
  clientId: string | null,
  userPoolId: string,
  user: User,
  code: string,
  clientMetadata: Record<string, string> | undefined,
) {
  if (!this.triggers.enabled('CustomMessage')) return { __code: code };
  const response = await this.triggers.lambda.invoke(ctx, 'CustomMessage', {
    clientId: clientId ?? ADMIN_CLIENT,
    clientMetadata,
    codeParameter: CODE,
    triggerSource: `CustomMessage_${source}`,
    userAttributes: attributesToRecord(user.Attributes),
    username: user.Username,
    usernameParameter: USERNAME,
    userPoolId,
  });
  const fill = (s: string | undefined) => s?.replace(CODE, code).replace(USERNAME, user.Username);
  return {
    __code: code,
    emailMessage: fill(response.emailMessage),
    emailSubject: response.emailSubject,
    smsMessage: fill(response.smsMessage),
  };
};

// Entry point of the cognito-local child process. cognito-local only prints the messages it "sends"
// (with the code substituted once); this swaps its console sender for one that hands each email, with
// its code, to the local stack's message hook, which files it in the outbox as Cognito would send it.
import { ConsoleMessageSender } from 'cognito-local/lib/services/messageDelivery/consoleMessageSender';
import type { Message } from 'cognito-local/lib/services/messages';
import type { User } from 'cognito-local/lib/services/userPoolService';
// Ends with the process that started it (the IPC channel cognito-local.ts opens closes then).
process.once('disconnect', () => process.exit(0));
// Answers only the calls the Cognito proxy makes (they carry the stack's secret); first, before its server exists.
import './internal-only';
// Signs tokens with a key of this stack's own, not the one cognito-local's package ships.
import './cognito-local-key';
// Adds AdminSetUserMFAPreference to cognito-local's targets before it starts.
import './admin-mfa-preference';
// Makes the refresh token of a sign-in completed with the MFA code usable, as a password sign-in's is.
import './challenge-refresh-tokens';
// A failing CustomMessage trigger fails the call and sends nothing, as in Cognito.
import './custom-message-failures';
// Issues a user's tokens once the proxy has verified their passkey (cognito-local has no passkeys).
import './passkey-tokens';

/** Body POSTed to COGNITO_MESSAGE_HOOK_URL for each email. */
export interface CognitoMessageHookBody {
  destination: string;
  username: string;
  code?: string;
  emailSubject?: string;
  emailMessage?: string;
}

const hookUrl = process.env.COGNITO_MESSAGE_HOOK_URL;

ConsoleMessageSender.prototype.sendEmail = async (
  _ctx: unknown,
  user: User,
  destination: string,
  message: Message,
) => {
  const body: CognitoMessageHookBody = {
    destination,
    username: user.Username,
    code: message.__code,
    emailSubject: message.emailSubject,
    emailMessage: message.emailMessage,
  };
  console.log(
    `email to ${destination}: ${message.emailSubject ?? '(no subject)'} code ${message.__code ?? ''}`,
  );
  if (!hookUrl) return;
  try {
    const res = await fetch(hookUrl, { method: 'POST', body: JSON.stringify(body) });
    if (!res.ok) console.error(`message hook answered ${res.status}`);
  } catch (error) {
    // A lost email must not fail the Cognito call that sent it (Cognito does not fail on delivery either).
    console.error('message hook failed', error);
  }
};
ConsoleMessageSender.prototype.sendSms = async () => undefined;

void import('cognito-local/lib/bin/start.js');

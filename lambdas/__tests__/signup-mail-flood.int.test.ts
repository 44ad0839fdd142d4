import { randomUUID } from 'node:crypto';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { outboxRecipients, readOutbox } from '../../dev/outbox';
import { COGNITO_MAILS_PER_MAILBOX_PER_DAY, TOO_MANY_MAILS } from '../lib/cognito-mail-limit';
import type { Bff } from './support/bff';
import {
  emailOf,
  intruderMoves,
  licensesWith,
  mailsTo,
  recoveryCodeFor,
  resetCodeFor,
  signIn,
  startTakeoverStack,
  stopTakeoverStack,
  tokenOf,
} from './support/takeover';

// Someone who wants to flood an inbox calls Cognito's public sign-up directly, with no account of
// their own: each SignUp for an unconfirmed address replaces the previous one (the PreSignUp trigger),
// so Cognito's per-user limits never build up. The CustomMessage trigger sees every such mail and
// stops at the address's daily limit.

let bff: Bff;
let cognito: CognitoIdentityProviderClient;
beforeAll(async () => {
  ({ bff } = await startTakeoverStack());
  cognito = bff.cognito;
});
afterAll(() => stopTakeoverStack());

/** The call's outcome: 'sent', or the error name and message Cognito answered. */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'sent';
  } catch (err) {
    return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  }
}

const signUp = (email: string) =>
  cognito.send(
    new SignUpCommand({ ClientId: bff.info.clientId, Username: email, Password: `Pw-${randomUUID()}` }),
  );
const resend = (email: string) =>
  cognito.send(new ResendConfirmationCodeCommand({ ClientId: bff.info.clientId, Username: email }));

it('sends an address at most the daily number of mails, however often it is signed up and resent', async () => {
  const victim = `flooded-${randomUUID().slice(0, 8)}@example.com`;
  const outcomes: string[] = [];
  for (let i = 0; i < 8; i++) outcomes.push(await outcome(signUp(victim)));
  for (let i = 0; i < 4; i++) outcomes.push(await outcome(resend(victim)));

  const mails = await readOutbox(bff.outboxDir, victim);
  expect(mails).toHaveLength(COGNITO_MAILS_PER_MAILBOX_PER_DAY);
  // The sign-ups past the limit are refused, saying why in the trigger's words (the site shows them).
  // A refused sign-up leaves no account behind, so the resends after it answer as for an unknown
  // address (prevent-user-existence errors): a made-up delivery, and no mail.
  expect(outcomes.slice(0, 8)).toEqual([
    ...Array<string>(COGNITO_MAILS_PER_MAILBOX_PER_DAY).fill('sent'),
    ...Array<string>(8 - COGNITO_MAILS_PER_MAILBOX_PER_DAY).fill(
      `UserLambdaValidationException: CustomMessage failed with error ${TOO_MANY_MAILS}.`,
    ),
  ]);
});

it('counts one mailbox once, whatever +tag or capitals its addresses carry', async () => {
  const base = `flooded-${randomUUID().slice(0, 8)}`;
  const outcomes: string[] = [];
  for (let i = 0; i < 8; i++) {
    const local = i % 2 ? base.toUpperCase() : base;
    outcomes.push(await outcome(signUp(`${local}+${i}@example.com`)));
  }
  // Every one of these lands in the one inbox of <base>@example.com.
  const inbox = (await readOutbox(bff.outboxDir)).filter((m) =>
    outboxRecipients(m).some((to) => to.startsWith(`${base}+`) && to.endsWith('@example.com')),
  );
  expect(inbox).toHaveLength(COGNITO_MAILS_PER_MAILBOX_PER_DAY);
  expect(outcomes.slice(COGNITO_MAILS_PER_MAILBOX_PER_DAY)).toEqual(
    Array<string>(8 - COGNITO_MAILS_PER_MAILBOX_PER_DAY).fill(
      `UserLambdaValidationException: CustomMessage failed with error ${TOO_MANY_MAILS}.`,
    ),
  );
});

it('counts the dotted spellings of one Gmail address as one mailbox', async () => {
  const name = `flood${randomUUID().slice(0, 6).replace(/-/g, '')}`;
  // Gmail delivers every one of these to <name>@gmail.com.
  const spellings = [...name.slice(1)].map(
    (_, i) => `${name.slice(0, i + 1)}.${name.slice(i + 1)}@gmail.com`,
  );
  for (const address of spellings.slice(0, 8)) await outcome(signUp(address));
  const inbox = (await readOutbox(bff.outboxDir)).filter((m) =>
    outboxRecipients(m).some((to) => to.replace(/\./g, '') === `${name}@gmailcom`),
  );
  expect(inbox).toHaveLength(COGNITO_MAILS_PER_MAILBOX_PER_DAY);
});

it('counts password-reset mails too, and leaves other addresses alone', async () => {
  const user = await bff.newUser();
  const outcomes: string[] = [];
  for (let i = 0; i < COGNITO_MAILS_PER_MAILBOX_PER_DAY + 2; i++) {
    outcomes.push(
      await outcome(
        cognito.send(new ForgotPasswordCommand({ ClientId: bff.info.clientId, Username: user.email })),
      ),
    );
  }
  expect(await readOutbox(bff.outboxDir, user.email)).toHaveLength(COGNITO_MAILS_PER_MAILBOX_PER_DAY);
  expect(outcomes.slice(COGNITO_MAILS_PER_MAILBOX_PER_DAY)).toEqual([
    `UserLambdaValidationException: CustomMessage failed with error ${TOO_MANY_MAILS}.`,
    `UserLambdaValidationException: CustomMessage failed with error ${TOO_MANY_MAILS}.`,
  ]);
  const other = `someone-${randomUUID().slice(0, 8)}@example.com`;
  expect(await outcome(signUp(other))).toBe('sent');
  expect(await readOutbox(bff.outboxDir, other)).toHaveLength(1);
});

/** Signs up +tagged addresses of `address`'s mailbox until the day's mails are sent, as a flooder would. */
async function fillMailbox(address: string): Promise<void> {
  const [local, domain] = address.split('@');
  for (let i = 0; i < COGNITO_MAILS_PER_MAILBOX_PER_DAY; i++)
    await outcome(signUp(`${local}+fill${i}@${domain}`));
  expect(await outcome(signUp(`${local}+one-more@${domain}`))).toContain(TOO_MANY_MAILS);
}

it("lets an email recovery's new-password mail through a mailbox the intruder filled with sign-ups", async () => {
  const owner = await bff.newUser();
  const intruderAddress = `intruder-${owner.email}`;
  await intruderMoves(owner, await tokenOf(owner.email, owner.password), owner.email, intruderAddress);
  await fillMailbox(owner.email);

  const code = await recoveryCodeFor(owner.email, intruderAddress);
  const restored = await bff.call('POST', 'email-recovery', { body: { code } });
  expect(restored).toMatchObject({ status: 200, body: { email: owner.email } });
  // The intruder's password opens nothing, and the owner has the code to choose a new one.
  expect(await signIn(owner.email, owner.password)).toEqual({ error: 'PasswordResetRequiredException' });
  expect(await resetCodeFor(owner.email)).toEqual(expect.any(String));
  // The limit still holds for everyone else's mails to that mailbox.
  const [local, domain] = owner.email.split('@');
  expect(await outcome(signUp(`${local}+after@${domain}`))).toContain(TOO_MANY_MAILS);
});

it("refuses a change of address to a mailbox that has had today's codes, and changes nothing", async () => {
  const owner = await bff.newUser();
  const token = await tokenOf(owner.email, owner.password);
  const full = `full-${randomUUID().slice(0, 8)}@example.com`;
  await fillMailbox(full);

  const change = await bff.call('PUT', 'update-email', {
    user: { ...owner, token },
    body: { uid: owner.uid, oldEmail: owner.email, newEmail: full, currentPassword: owner.password },
  });
  expect(change.status).toBe(429);
  expect(change.body.error?.code).toBe('MAIL_LIMIT');
  expect(change.body.error?.message).toContain(`${full} has received today's limit`);
  expect(await emailOf(owner)).toMatchObject({ email: owner.email, verified: true });
  expect((await mailsTo(owner.email)).filter((m) => m.text.includes('mode=recoverEmail'))).toEqual([]);
  // The session goes on: nothing happened.
  expect((await licensesWith(owner, token)).status).toBe(200);
});

import { readOutbox } from '../../dev/outbox';
import { updateEmail } from '../endpoints/update-email/contract';
import { startBff, type Bff } from './support/bff';

// A deploy whose SES account is still in the sandbox (docs/deploying.md): SES mails only verified
// addresses, and IAM checks SendEmail on each recipient's identity too. update-email mails the old
// address its way back before it changes anything, so in the sandbox it answers a clear 503 and the
// account keeps its address: never a bare 500, never a change without its recovery link.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff({ sesSandbox: { verifiedRecipients: [] } });
});
afterAll(() => bff?.stop());

it('update-email answers 503 MAIL_NOT_SENT naming the address, and changes nothing', async () => {
  const user = await bff.newUser();
  const newEmail = `moved-${user.email}`;
  const answer = await bff.send(updateEmail, {
    user,
    body: { uid: user.uid, oldEmail: user.email, newEmail, currentPassword: user.password },
  });
  expect(answer.status).toBe(503);
  expect(answer.error).toEqual({
    code: 'MAIL_NOT_SENT',
    message: `We could not send email to ${user.email} just now, so this could not be completed. Please try again later.`,
  });
  // The address is unchanged: the old one still signs in, and nothing was mailed to either.
  await expect(bff.signIn(user.email, user.password)).resolves.toMatchObject({ uid: user.uid });
  await expect(bff.signIn(newEmail, user.password)).rejects.toThrow();
  expect(await readOutbox(bff.outboxDir)).toEqual([]);
});

import { AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SENDER_MAILS_PER_DAY } from '../../lib/mail-limits';
import type { EndpointBench } from '../../../bench/scenarios/context';

// A subscriber changes their address, then follows the recovery link the old address is sent: a
// subscriber of their own, another once one has sent the day's SENDER_MAILS_PER_DAY mails.
export const bench: EndpointBench = {
  scenario: async (ctx) => {
    let mover = await ctx.newUser('mover');
    await ctx.checkout(mover, 1);
    let movers = 1;
    let changes = 0;
    return {
      name: 'update-email then recover it',
      rounds: ctx.roundsOf(60),
      run: async (i) => {
        if (++changes > SENDER_MAILS_PER_DAY) {
          mover = await ctx.newUser(`mover${movers++}`);
          await ctx.checkout(mover, 1);
          changes = 1;
        }
        const newEmail = `bench-mover-new-${i}-${Date.now()}@example.com`;
        await ctx.call('update-email', {
          params: { uid: mover.uid, oldEmail: mover.email, newEmail, currentPassword: mover.password },
          user: mover,
        });
        // The outbox over HTTP (fetch: not counted); the SES twin (or, in older trees, the handler
        // itself) files every mail there.
        const mails = (await (
          await fetch(`${ctx.outbox}/messages.json?to=${encodeURIComponent(mover.email)}`)
        ).json()) as { text: string }[];
        const code = /oobCode=([A-Za-z0-9_-]+)/.exec(
          mails.find((m) => m.text.includes(newEmail))?.text ?? '',
        )?.[1];
        if (!code) throw new Error(`no recovery mail to ${mover.email}`);
        await ctx.call('email-recovery-info', { params: { code } });
        await ctx.call('email-recovery', { params: { code } });
        // Newer trees end every session of the user on an email change and on its recovery, and the
        // recovery voids the password (the owner chooses a new one): set it again, unrecorded.
        await ctx.cognito.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: ctx.userPoolId,
            Username: mover.email,
            Password: mover.password,
            Permanent: true,
          }),
        );
        mover.token = (await ctx.signIn(mover.email, mover.password)).token;
      },
    };
  },
};

import { getLicenses } from '../endpoints/get-licenses/contract';
import { subscribe } from './support/accounts';
import { eventually, startBff, type Bff } from './support/bff';

// After a subscription ends, get-licenses still says which licenses ended with it and when, so the
// licenses page can show them instead of "no licenses".

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(async () => {
  await bff?.stop();
});

describe('licenses of an ended subscription', () => {
  it('leave the licenses in force and are listed as ended, with the time the subscription ended', async () => {
    const buyer = await subscribe(bff, 2);
    const read = () => bff.send(getLicenses, { user: buyer.user, query: { uid: buyer.user.uid } });
    const before = (await read()).answer;
    expect(before?.licenses).toHaveLength(2);
    expect(before?.ended).toEqual([]);

    const canceled = await bff.stripe.subscriptions.cancel(buyer.subscriptionId);
    const after = await eventually(async () => {
      const answer = (await read()).answer;
      return answer?.licenses.length === 0 && answer.ended.length === 2 ? answer : undefined;
    });
    expect(after?.subscriptionStatus).toBe('canceled');
    const endedAt = new Date((canceled.ended_at ?? 0) * 1000).toISOString();
    expect(after?.ended.map((l) => l.key).sort()).toEqual(before?.licenses.map((l) => l.key).sort());
    expect(after?.ended.every((l) => l.expirationDate === endedAt)).toBe(true);

    // Another user sees none of it.
    const stranger = await bff.newUser();
    const theirs = await bff.send(getLicenses, { user: stranger, query: { uid: stranger.uid } });
    expect(theirs.answer).toMatchObject({ licenses: [], ended: [] });
  });
});

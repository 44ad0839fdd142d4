import { ChallengeSessions, SESSION_MESSAGES, type Challenge } from '../challenge-sessions';

const challenge: Challenge = {
  username: 'c0ffee-user',
  loginName: 'pat@example.com',
  clientId: 'client-1',
  challengeName: 'SOFTWARE_TOKEN_MFA',
  upstreamSession: 'upstream-uuid',
};

describe('sign-in challenge sessions', () => {
  let now = 1_000_000;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000_000;
  });

  it('hands out opaque strings of Cognito length that stand for their challenge', () => {
    const sessions = new ChallengeSessions({ now: clock });
    const a = sessions.open(challenge);
    const b = sessions.open(challenge);
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(20);
    expect(a.length).toBeLessThanOrEqual(2048);
    expect(a).not.toContain(challenge.username);
    expect(sessions.check(a)).toEqual({ challenge });
  });

  it('knows no session it did not hand out', () => {
    const sessions = new ChallengeSessions({ now: clock });
    expect(sessions.check('upstream-uuid')).toEqual({ problem: 'unknown' });
    expect(sessions.check(undefined)).toEqual({ problem: 'unknown' });
    expect(sessions.check(42)).toEqual({ problem: 'unknown' });
  });

  it('expires after 3 minutes by default, or the validity it is given', () => {
    const sessions = new ChallengeSessions({ now: clock });
    const id = sessions.open(challenge);
    now += 3 * 60_000 - 1;
    expect(sessions.check(id)).toEqual({ challenge });
    now += 1;
    expect(sessions.check(id)).toEqual({ problem: 'expired' });

    const short = new ChallengeSessions({ now: clock, ttlMs: 1000 });
    const s = short.open(challenge);
    now += 1000;
    expect(short.check(s)).toEqual({ problem: 'expired' });
  });

  it('takes one successful answer', () => {
    const sessions = new ChallengeSessions({ now: clock });
    const id = sessions.open(challenge);
    sessions.spend(id);
    expect(sessions.check(id)).toEqual({ problem: 'used' });
  });

  it('survives wrong answers up to the limit, then is void', () => {
    const sessions = new ChallengeSessions({ now: clock, maxWrongAnswers: 3 });
    const id = sessions.open(challenge);
    sessions.wrongAnswer(id);
    sessions.wrongAnswer(id);
    expect(sessions.check(id)).toEqual({ challenge });
    sessions.wrongAnswer(id);
    expect(sessions.check(id)).toEqual({ problem: 'exhausted' });
  });

  it("forgets spent sessions some time after they expire, and answers in Cognito's words", () => {
    const sessions = new ChallengeSessions({ now: clock });
    const old = sessions.open(challenge);
    now += 3 * 60_000 + 10 * 60_000;
    sessions.open(challenge);
    expect(sessions.check(old)).toEqual({ problem: 'unknown' });
    expect(SESSION_MESSAGES.expired).toBe('Invalid session for the user, session is expired.');
    expect(SESSION_MESSAGES.used).toBe('Invalid session for the user, session can only be used once.');
  });
});

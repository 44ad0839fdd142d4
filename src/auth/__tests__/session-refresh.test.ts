import { endsSession, refreshDelay, retryDelay } from '../session-refresh';

describe('session refresh timing', () => {
  it('refreshes 5 minutes before the token expires', () => {
    const now = 1_000_000_000_000;
    expect(refreshDelay(now / 1000 + 3600, now)).toBe(55 * 60 * 1000);
    expect(refreshDelay(now / 1000 + 60, now)).toBe(0);
  });

  it('retries from 30 s, doubling up to 16 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000,
    ]);
  });

  it('ends the session on a disabled user or a revoked/expired refresh token', () => {
    expect(endsSession({ name: 'NotAuthorizedException', message: 'User is disabled.' })).toBe(true);
    expect(endsSession({ name: 'NotAuthorizedException', message: 'Refresh Token has expired' })).toBe(true);
    expect(endsSession({ name: 'NetworkError' })).toBe(false);
  });
});

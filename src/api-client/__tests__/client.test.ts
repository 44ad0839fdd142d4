import { getLicenses, onSessionRevoked, quoteLicenses, updateCard } from '../client';

// The BFF client's reaction to a revoked session: the spec signs the user out on a token-expired
// error, so a 401 SESSION_EXPIRED reaches the session owner's listener (and the error the caller).

jest.mock('../../auth/session', () => ({ currentIdToken: () => Promise.resolve('id-token') }));

// What fetch resolves to, as far as the client reads it (jsdom has no Response).
const answer = (status: number, body: unknown) =>
  jest.fn().mockResolvedValue({
    status,
    ok: status < 400,
    statusText: '',
    text: () => Promise.resolve(JSON.stringify(body)),
  });

afterEach(() => onSessionRevoked(undefined));

it('tells the session owner when the BFF says the session was revoked', async () => {
  const revoked = jest.fn();
  onSessionRevoked(revoked);
  const error = { code: 'SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' };
  global.fetch = answer(401, { error });
  await expect(getLicenses('u1')).rejects.toEqual({ error });
  expect(revoked).toHaveBeenCalledTimes(1);
});

it('leaves the session alone for other refusals', async () => {
  const revoked = jest.fn();
  onSessionRevoked(revoked);
  global.fetch = answer(403, { error: { code: 'FORBIDDEN', message: 'Not yours.' } });
  await expect(getLicenses('u1')).rejects.toEqual({
    error: { code: 'FORBIDDEN', message: 'Not yours.' },
  });
  global.fetch = answer(401, { message: 'Unauthorized' });
  await expect(getLicenses('u1')).rejects.toEqual({
    error: { code: 'HTTP_401', message: 'Unauthorized' },
  });
  expect(revoked).not.toHaveBeenCalled();
});

it("calls each endpoint at its contract's method and path, with its query or body", async () => {
  const data = { customerId: null, subscriptionId: null, subscriptionStatus: null, licenses: [] };
  global.fetch = answer(200, data);
  await expect(getLicenses('u1')).resolves.toEqual(data);
  expect(global.fetch).toHaveBeenLastCalledWith(
    '/api/get-licenses?uid=u1',
    expect.objectContaining({ method: 'GET', body: undefined }),
  );
  await quoteLicenses({ count: 2, subscriptionId: 'sub_1' });
  expect(global.fetch).toHaveBeenLastCalledWith(
    '/api/quote-licenses?count=2&subscriptionId=sub_1',
    expect.objectContaining({ method: 'GET' }),
  );
  await updateCard({ subscriptionId: 'sub_1', paymentMethodId: 'pm_1' });
  expect(global.fetch).toHaveBeenLastCalledWith(
    '/api/update-card',
    expect.objectContaining({
      method: 'PUT',
      body: JSON.stringify({ subscriptionId: 'sub_1', paymentMethodId: 'pm_1' }),
    }),
  );
});

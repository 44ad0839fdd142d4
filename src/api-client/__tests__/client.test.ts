import { getLicenses, onPasskeyRemovalPending, onSessionRevoked, quoteLicenses, updateCard } from '../client';

// The BFF client's reaction to a revoked session: a token-expired error signs the user out,
// so a 401 SESSION_EXPIRED reaches the session owner's listener (and the error the caller).

jest.mock('../../auth/session', () => ({ currentIdToken: () => Promise.resolve('id-token') }));

// What fetch resolves to, as far as the client reads it (jsdom has no Response).
const answer = (status: number, body: unknown) =>
  jest.fn().mockResolvedValue({
    status,
    ok: status < 400,
    statusText: '',
    text: () => Promise.resolve(JSON.stringify(body)),
  });

afterEach(() => {
  onSessionRevoked(undefined);
  onPasskeyRemovalPending(undefined);
});

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

it('tells the session owner when support is removing the passkeys, and only then', async () => {
  const pending = jest.fn();
  onPasskeyRemovalPending(pending);
  const error = { code: 'PASSKEY_REMOVAL_PENDING', message: "Support is removing this account's passkeys." };
  global.fetch = answer(403, { error });
  await expect(getLicenses('u1')).rejects.toEqual({ error });
  expect(pending).toHaveBeenCalledTimes(1);
  global.fetch = answer(403, { error: { code: 'FORBIDDEN', message: 'Not yours.' } });
  await expect(getLicenses('u1')).rejects.toMatchObject({ error: { code: 'FORBIDDEN' } });
  expect(pending).toHaveBeenCalledTimes(1);
});

describe('failures the user cannot act on show the generic message with the support address', () => {
  const generic =
    'Something unexpected happened. Please try again. If the error continues to occur, reach out to us at support@stockbench.app.';
  const raw = (status: number, statusText: string, text: string) =>
    jest.fn().mockResolvedValue({
      status,
      ok: status < 400,
      statusText,
      text: () => Promise.resolve(text),
    });

  it('a BFF 500 keeps its code but not its wording', async () => {
    global.fetch = answer(500, {
      error: { code: 'INTERNAL', message: 'Something unexpected happened. Please try again.' },
    });
    await expect(getLicenses('u1')).rejects.toEqual({ error: { code: 'INTERNAL', message: generic } });
  });

  it("a gateway's 502 page is not shown as Bad Gateway", async () => {
    global.fetch = raw(502, 'Bad Gateway', '<html><body>502 Bad Gateway</body></html>');
    await expect(getLicenses('u1')).rejects.toEqual({ error: { code: 'HTTP_502', message: generic } });
  });

  it('a network failure', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(getLicenses('u1')).rejects.toEqual({ error: { code: 'NETWORK_ERROR', message: generic } });
  });

  it('an answer that is not JSON, even with status 200', async () => {
    global.fetch = raw(200, 'OK', '<!doctype html><title>Stockbench</title>');
    await expect(getLicenses('u1')).rejects.toEqual({ error: { code: 'HTTP_200', message: generic } });
    global.fetch = raw(403, 'Forbidden', 'Forbidden');
    await expect(getLicenses('u1')).rejects.toEqual({ error: { code: 'HTTP_403', message: generic } });
  });
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

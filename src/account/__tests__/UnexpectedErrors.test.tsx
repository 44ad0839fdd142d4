import React from 'react';
import { render, screen } from '@testing-library/react';
import { Licenses } from '../licenses/Licenses';

// What a subscriber sees when the BFF fails in a way they cannot act on, through the real client:
// the generic message with the support address, never a gateway's wording.

jest.mock('../../auth/session', () => ({ currentIdToken: () => Promise.resolve('id-token') }));

const user = { uid: 'u1', email: 'me@example.com', emailVerified: true };
const generic =
  'Something unexpected happened. Please try again. If the error continues to occur, reach out to us at support@stockbench.app.';

const answer = (status: number, statusText: string, text: string) =>
  jest.fn().mockResolvedValue({ status, ok: status < 400, statusText, text: () => Promise.resolve(text) });

it.each([
  ['a 502 from the gateway', answer(502, 'Bad Gateway', '<html><h1>502 Bad Gateway</h1></html>')],
  [
    'a BFF 500',
    answer(
      500,
      'Internal Server Error',
      JSON.stringify({
        error: { code: 'INTERNAL', message: 'Something unexpected happened. Please try again.' },
      }),
    ),
  ],
  ['a network failure', jest.fn().mockRejectedValue(new TypeError('Failed to fetch'))],
  ['an answer that is not JSON', answer(200, 'OK', '<!doctype html><title>Stockbench</title>')],
])('%s shows the generic message with the support address', async (_, fetch) => {
  global.fetch = fetch;
  render(<Licenses user={user} />);
  expect(await screen.findByRole('alert', {})).toHaveTextContent(generic);
  expect(screen.queryByText(/Bad Gateway/)).not.toBeInTheDocument();
});

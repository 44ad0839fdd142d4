import React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBoundary } from '../ErrorBoundary';
import { page } from '../chunk-reload';

// A page that fails to render shows the error screen with a way home and a retry; a missing
// code chunk (a deploy while the page was open) reloads the page once instead.

function Failing({ error }: { error: unknown }): never {
  throw error;
}

function chunkError(): Error {
  return Object.assign(new Error('Loading chunk 123 failed.\n(error: https://stockbench.app/123-abc.js)'), {
    name: 'ChunkLoadError',
  });
}

let reload: jest.SpyInstance;
beforeEach(() => {
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/licenses');
  reload = jest.spyOn(page, 'reload').mockImplementation(() => undefined);
  // React and the boundary log the caught error; keep the test output to what fails.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it('shows the error screen with the message, a retry and a way home instead of a blank page', async () => {
  let fail = true;
  function Page() {
    if (fail) throw new TypeError("Cannot read properties of undefined (reading 'licenses')");
    return <p>Your licenses</p>;
  }
  render(
    <ErrorBoundary>
      <Page />
    </ErrorBoundary>,
  );
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Unexpected Application Error!');
  expect(screen.getByText("Cannot read properties of undefined (reading 'licenses')")).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the Home Page' })).toHaveAttribute('href', '/');
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  expect(screen.getByText('Your licenses')).toBeInTheDocument();
  expect(reload).not.toHaveBeenCalled();
});

it('shows the status of an error that carries one', () => {
  render(
    <ErrorBoundary>
      <Failing error={{ status: 404, statusText: 'Not Found' }} />
    </ErrorBoundary>,
  );
  expect(screen.getByText('404 Not Found')).toBeInTheDocument();
});

it('clears the error screen when the address changes', () => {
  const { rerender } = render(
    <ErrorBoundary resetKey="/licenses">
      <Failing error={new Error('broken page')} />
    </ErrorBoundary>,
  );
  expect(screen.getByText('broken page')).toBeInTheDocument();
  rerender(
    <ErrorBoundary resetKey="/profile">
      <p>Profile</p>
    </ErrorBoundary>,
  );
  expect(screen.getByText('Profile')).toBeInTheDocument();
  expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
});

it('reloads once for a missing chunk, then shows the error if it fails again', () => {
  const first = render(
    <ErrorBoundary>
      <Failing error={chunkError()} />
    </ErrorBoundary>,
  );
  expect(reload).toHaveBeenCalledTimes(1);
  expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
  first.unmount();

  // The reloaded page fails the same way: no second reload, the screen says what failed.
  render(
    <ErrorBoundary>
      <Failing error={chunkError()} />
    </ErrorBoundary>,
  );
  expect(reload).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Unexpected Application Error!');
  expect(screen.getByText(/Loading chunk 123 failed/)).toBeInTheDocument();
});

it('reloads again for a chunk failure on another page', () => {
  render(
    <ErrorBoundary>
      <Failing error={chunkError()} />
    </ErrorBoundary>,
  ).unmount();
  window.history.replaceState(null, '', '/profile');
  render(
    <ErrorBoundary>
      <Failing error={new Error('Failed to fetch dynamically imported module: /x.js')} />
    </ErrorBoundary>,
  );
  expect(reload).toHaveBeenCalledTimes(2);
});

import React from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { TextEncoder } from 'node:util';
import type * as ReactDomServer from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { navigate } from 'gatsby';
import { AccountNav } from '../AccountNav';
import { notifyAuthChange } from '../../../auth/stored-session';

const mockSignOutUser = jest.fn();
jest.mock('../../../auth/sign-out', () => ({ signOutUser: () => mockSignOutUser() }));

const CLIENT = ''; // GATSBY_COGNITO_CLIENT_ID is unset in tests
const storeSession = () => {
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`, 'user-1');
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.user-1.idToken`, 'token');
};

beforeEach(() => {
  localStorage.clear();
  jest.clearAllMocks();
});

describe('AccountNav', () => {
  it('renders an empty slot in the static HTML (no flash of either state)', () => {
    storeSession();
    Object.assign(globalThis, { TextEncoder }); // react-dom/server's browser build wants it; jsdom lacks it
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { renderToString } = require('react-dom/server') as typeof ReactDomServer;
    const html = renderToString(<AccountNav />);
    expect(html).toContain('nav__placeholder');
    expect(html).not.toContain('Sign In');
    expect(html).not.toContain('Account');
  });

  it('shows a Sign In link when signed out', () => {
    render(<AccountNav />);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
  });

  it("shows the Account menu when Amplify's tokens are stored, and follows sign-in/out", async () => {
    render(<AccountNav />);
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    storeSession();
    act(() => notifyAuthChange());
    const toggle = screen.getByRole('button', { name: 'Account' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Licenses' })).toHaveAttribute('href', '/licenses');

    mockSignOutUser.mockImplementation(async () => {
      localStorage.clear();
      notifyAuthChange();
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/sign-in'));
    expect(mockSignOutUser).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('closes the menu on Escape', async () => {
    storeSession();
    render(<AccountNav />);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
  });
});

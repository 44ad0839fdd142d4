import React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from '../Header';

// The menu button is a disclosure: it says whether the list it controls is shown (CSS hides the list
// on narrow screens unless it is open; the browser tests check what a phone shows).

const button = () => screen.getByRole('button', { name: 'Menu' });
const list = () => document.getElementById('site-nav-links');

describe('the header menu', () => {
  it('opens and closes the navigation, saying so with aria-expanded', async () => {
    const user = userEvent.setup();
    render(<Header />);
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(button()).toHaveAttribute('aria-controls', 'site-nav-links');
    expect(list()).not.toHaveClass('is-open');
    await user.click(button());
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    expect(list()).toHaveClass('is-open');
    await user.click(button());
    expect(button()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when a link is chosen, on Escape (focus back on the button) and on a click elsewhere', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Header />
        <p>Elsewhere</p>
      </>,
    );
    await user.click(button());
    await user.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(button()).toHaveAttribute('aria-expanded', 'false');

    await user.click(button());
    await user.tab();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(button()).toHaveFocus();

    await user.click(button());
    await user.click(screen.getByText('Elsewhere'));
    expect(button()).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists the top navigation in its order', () => {
    render(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(Array.from(nav.querySelectorAll('a')).map((a) => a.textContent)).toEqual([
      'Home',
      'Tools',
      'Pricing',
      'FAQ',
      'Contact Us',
      'Quickstart',
      'Download',
    ]);
  });

  it('offers Sign In to a signed-out visitor on every page but the sign-in page itself', async () => {
    localStorage.clear();
    const { rerender } = render(<Header pathname="/pricing/" />);
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
    // The layout stays mounted across client-side navigation: the link goes when the page changes.
    rerender(<Header pathname="/sign-in/" />);
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    rerender(<Header pathname="/sign-in" />);
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    rerender(<Header pathname="/sign-up/" />);
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });
});

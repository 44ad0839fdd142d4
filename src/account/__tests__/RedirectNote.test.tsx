import React from 'react';
import { render, screen } from '@testing-library/react';
import { RedirectNote, withNote } from '../shared/RedirectNote';

const at = (search: string) => window.history.replaceState(null, '', `/sign-in${search}`);

describe('RedirectNote', () => {
  it('says what happened for a known note', () => {
    at('?next=%2Flicenses&note=signedUp');
    render(<RedirectNote />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your account is created. We sent you an email with a link to verify your address',
    );
  });

  it('shows nothing for an unknown note or none: the query cannot bring its own words', () => {
    at('?note=%3Cb%3EYour%20account%20is%20locked%3C%2Fb%3E');
    const { container } = render(<RedirectNote />);
    at('');
    render(<RedirectNote />, { container });
    expect(container).toBeEmptyDOMElement();
  });

  it('adds the note to a path with or without a query', () => {
    expect(withNote('/licenses', 'paid')).toBe('/licenses?note=paid');
    expect(withNote('/sign-in?next=%2Fprofile', 'verifyFirst')).toBe(
      '/sign-in?next=%2Fprofile&note=verifyFirst',
    );
  });
});

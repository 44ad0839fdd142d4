import React from 'react';
import { render, screen } from '@testing-library/react';
import { Footer } from '../Footer';

// The copyright line carries the year the site was built: a year long past reads as an abandoned site.

describe('the footer', () => {
  it('shows the current year in its copyright line', () => {
    render(<Footer />);
    const year = new Date().getUTCFullYear();
    expect(screen.getByText(/^©/)).toHaveTextContent(`© ${year} Stockbench. All rights reserved.`);
  });
});

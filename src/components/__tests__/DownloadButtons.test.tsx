import React from 'react';
import { render, screen } from '@testing-library/react';
import { DownloadButtons } from '../download/DownloadButtons';

const props = { releaseName: 'Stockbench 2.0', supportEmail: 'help@example.com' };

describe('download buttons', () => {
  it('link to the configured installers', () => {
    render(
      <DownloadButtons
        {...props}
        installers={{ windows: 'https://dl.example/setup.exe', macos: 'https://dl.example/app.dmg' }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Download for Windows' })).toHaveAttribute(
      'href',
      'https://dl.example/setup.exe',
    );
    expect(screen.getByRole('link', { name: 'Download for macOS' })).toHaveAttribute(
      'href',
      'https://dl.example/app.dmg',
    );
    expect(screen.queryByText(/not on this site yet/)).not.toBeInTheDocument();
  });

  it('without both installers, say so and offer to be told when they are out, and the support address', () => {
    render(<DownloadButtons {...props} installers={{ windows: '', macos: 'https://dl.example/app.dmg' }} />);
    expect(screen.queryByRole('link', { name: /Download for/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'The Stockbench 2.0 installers are not on this site yet.',
    );
    const notify = screen.getByRole('link', { name: 'Email Me When the Installers Are Out' });
    const href = new URL(notify.getAttribute('href') ?? '');
    expect(href.protocol).toBe('mailto:');
    expect(href.pathname).toBe('help@example.com');
    expect(href.searchParams.get('subject')).toBe('Tell me when the Stockbench 2.0 installers are out');
    expect(screen.getByRole('link', { name: 'help@example.com' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
  });
});

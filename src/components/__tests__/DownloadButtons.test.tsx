import React from 'react';
import { render, screen } from '@testing-library/react';
import { DownloadButtons } from '../download/DownloadButtons';

describe('download buttons', () => {
  it('link to the configured installers', () => {
    render(
      <DownloadButtons windowsUrl="https://dl.example/setup.exe" macosUrl="https://dl.example/app.dmg" />,
    );
    expect(screen.getByRole('link', { name: 'Download for Windows' })).toHaveAttribute(
      'href',
      'https://dl.example/setup.exe',
    );
    expect(screen.getByRole('link', { name: 'Download for macOS' })).toHaveAttribute(
      'href',
      'https://dl.example/app.dmg',
    );
    expect(screen.queryByText(/not available/)).not.toBeInTheDocument();
  });

  it('are disabled, with the reason, when no installer is configured', () => {
    render(<DownloadButtons windowsUrl="" macosUrl="https://dl.example/app.dmg" />);
    const windows = screen.getByRole('button', { name: 'Download for Windows' });
    expect(windows).toBeDisabled();
    expect(windows).toHaveAccessibleDescription(/not available from this site right now/);
    expect(screen.getByRole('link', { name: 'Download for macOS' })).toBeInTheDocument();
  });
});

import React from 'react';
import { render, screen } from '@testing-library/react';
import { ActionMessage } from '../action-message/ActionMessage';
import { Announcements } from '../announcements/Announcements';

describe('home page messages', () => {
  it('shows the home page messages for ?action=emailVerified and ?action=accountDeleted', () => {
    const { rerender } = render(<ActionMessage search="?action=emailVerified" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Email verified successfully. Please sign in again.',
    );
    rerender(<ActionMessage search="?action=accountDeleted" />);
    expect(screen.getByRole('status')).toHaveTextContent('Account deleted successfully.');
  });

  it('shows nothing for other actions', () => {
    render(<ActionMessage search="?action=constructor" />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows only the announcements whose window contains the visitor clock', async () => {
    const feed = [
      { id: 'old', message: 'Old news', startDate: '2024-01-01T00:00:00Z', endDate: '2024-02-01T00:00:00Z' },
      {
        id: 'now',
        message: 'Current news',
        startDate: '2026-11-01T00:00:00Z',
        endDate: '2027-01-01T00:00:00Z',
      },
    ];
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, json: () => Promise.resolve(feed) });
    global.fetch = fetchMock as unknown as typeof fetch;
    const now = () => new Date('2026-11-22T10:00:00Z');
    render(<Announcements built={{ at: '2024-01-15T00:00:00Z', announcements: feed }} now={now} />);
    // Before the feed arrives: what was in force at build time (no layout shift if nothing changed).
    expect(screen.getByText('Old news')).toBeInTheDocument();
    expect(await screen.findByText('Current news')).toBeInTheDocument();
    expect(screen.queryByText('Old news')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/announcements.json');
  });

  it('fetches the feed once, with the default clock too', async () => {
    // In force on any day this test may run, so the visitor's own clock shows it.
    const feed = [
      {
        id: 'any',
        message: 'Always news',
        startDate: '2000-01-01T00:00:00Z',
        endDate: '2100-01-01T00:00:00Z',
      },
    ];
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, json: () => Promise.resolve(feed) });
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<Announcements built={{ at: '2024-01-15T00:00:00Z', announcements: [] }} />);
    expect(await screen.findByText('Always news')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

import React from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ScreenshotGallery } from '../screenshot-gallery/ScreenshotGallery';
import { fakeImage } from './fixtures';

const images = ['Yield chart', 'Spread chart', 'Curve chart'].map((alt, i) => ({
  alt,
  thumb: fakeImage(`/thumb-${i}.png`),
  full: fakeImage(`/full-${i}.png`),
}));

function setup() {
  const user = userEvent.setup();
  render(<ScreenshotGallery images={images} />);
  return user;
}

describe('screenshot lightbox', () => {
  it('opens at the clicked screenshot with focus inside, and Escape closes it and restores focus', async () => {
    const user = setup();
    const opener = screen.getByRole('button', { name: 'Enlarge: Spread chart' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Screenshot 2 of 3' });
    expect(within(dialog).getByText('Spread chart', { selector: 'figcaption' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('steps with the arrow keys and wraps around', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Enlarge: Curve chart' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Screenshot 1 of 3' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Screenshot 2 of 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next screenshot' }));
    expect(screen.getByRole('dialog', { name: 'Screenshot 3 of 3' })).toBeInTheDocument();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Enlarge: Yield chart' }));
    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const next = within(dialog).getByRole('button', { name: 'Next screenshot' });
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Previous screenshot' })).toHaveFocus();
    await user.tab();
    expect(next).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(next).toHaveFocus();
  });

  it('closes when the backdrop is clicked but not when the image is', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Enlarge: Yield chart' }));
    await user.click(screen.getByText('Yield chart', { selector: 'figcaption' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('presentation'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

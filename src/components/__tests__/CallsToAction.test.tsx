import React from 'react';
import { render, screen, within } from '@testing-library/react';
import { Hero } from '../home/Hero';
import { Plans } from '../pricing/Plans';
import { fakeImage } from './fixtures';

// The first screen's and the pricing page's actions follow what this build can do: a build without
// installer links (every local or test build) has a Download page that can only say they are not here
// yet, so it offers buying licenses instead, on both pages alike.

const none = { windows: '', macos: '' };
const both = { windows: 'https://dl.example/setup.exe', macos: 'https://dl.example/app.dmg' };

const hero = (installers: typeof none) =>
  render(
    <Hero
      toolCount={46}
      image={fakeImage('/hero.png')}
      alt="Treasury Rates"
      sidebar={[]}
      installers={installers}
    />,
  );

const plan = (name: string) => screen.getByRole('region', { name });

describe('the main calls to action', () => {
  it('offer the download when the build links the installers', () => {
    hero(both);
    expect(screen.getByRole('link', { name: 'Download Free' })).toHaveAttribute('href', '/download');
    expect(screen.getByRole('link', { name: 'See Pricing' })).toHaveAttribute('href', '/pricing');
  });

  it('offer buying licenses, never the Download page, in a build without installers', () => {
    hero(none);
    expect(screen.getByRole('link', { name: 'Buy Licenses' })).toHaveAttribute('href', '/licenses');
    expect(screen.getByRole('link', { name: 'See Pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('on the pricing page, link the free version to the download when the build has the installers', () => {
    render(<Plans toolCount={46} installers={both} />);
    expect(within(plan('Free')).getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/download');
    expect(within(plan('Licensed')).getByRole('link', { name: 'Buy Licenses' })).toHaveAttribute(
      'href',
      '/licenses',
    );
  });

  it('on the pricing page without installers, offer to be told when they are out, by mail', () => {
    render(<Plans toolCount={46} installers={none} />);
    expect(within(plan('Free')).queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
    const notify = within(plan('Free')).getByRole('link', { name: 'Email Me When It’s Out' });
    const href = new URL(notify.getAttribute('href') ?? '');
    expect(href.protocol).toBe('mailto:');
    expect(href.pathname).toBe('support@stockbench.app');
    expect(href.searchParams.get('subject')).toBe('Tell me when the Stockbench installers are out');
    expect(within(plan('Licensed')).getByRole('link', { name: 'Buy Licenses' })).toHaveAttribute(
      'href',
      '/licenses',
    );
  });
});

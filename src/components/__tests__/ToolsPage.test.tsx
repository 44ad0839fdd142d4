import React from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PageProps } from 'gatsby';
import ToolsPage from '../../pages/tools';
import { fakeTools } from './fixtures';

type Props = PageProps<Queries.ToolsPageQuery>;

// Each tool's first screenshot at the cards' size, as the build's screenshotImage field gives it.
const cardImage = (path: string) => ({
  layout: 'constrained' as const,
  width: 180,
  height: 108,
  images: { fallback: { src: `/${path}-180.png`, srcSet: `/${path}-180.png 180w`, sizes: '180px' } },
});

function renderTools(search = '') {
  window.history.replaceState(null, '', `/tools${search}`);
  const nodes = fakeTools(12).map((tool) => ({
    frontmatter: { ...tool, screenshots: [{ image: { card: cardImage(tool.path) } }] },
  }));
  const props = {
    data: { allMarkdownRemark: { nodes } },
    location: { hash: '', search },
  } as unknown as Props;
  return render(<ToolsPage {...props} />);
}

// Tool cards are headings of level 3, under their theme's heading of level 2.
const toolTitles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('/tools', () => {
  it('lists every visible tool in numeric order, each card one link named by its title', () => {
    renderTools();
    const headings = toolTitles();
    expect(headings).toHaveLength(11);
    expect(headings[0]).toBe('#1 Tool number 1');
    expect(headings).not.toContain('#5 Tool number 5');
    expect(screen.getByRole('link', { name: 'Tool number 10' })).toHaveAttribute('href', '/tool/tool-10');
    const card = document.getElementById('T10');
    expect(card).not.toBeNull();
    expect(within(card as HTMLElement).getAllByRole('link')).toHaveLength(1);
    // Its picture is decoration beside the title that names the link.
    expect(card?.querySelector('img')).toHaveAttribute('src', '/tool-10-180.png');
    expect(card?.querySelector('img')).toHaveAttribute('alt', '');
    // The date and the details link live on the tool page, not 46 times over.
    expect(screen.queryByText(/View Details/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/Last Updated/i)).not.toBeInTheDocument();
  });

  it('filters by a case-insensitive substring of the title and keeps it in the URL', async () => {
    const user = userEvent.setup();
    renderTools();
    await user.type(screen.getByLabelText('Filter tools by title'), 'NUMBER 1');
    expect(toolTitles().sort()).toEqual([
      '#1 Tool number 1',
      '#10 Tool number 10',
      '#11 Tool number 11',
      '#12 Tool number 12',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('4 of 11 tools');
    expect(window.location.search).toBe('?q=NUMBER+1');

    await user.clear(screen.getByLabelText('Filter tools by title'));
    expect(toolTitles()).toHaveLength(11);
    expect(window.location.search).toBe('');
  });

  it('starts from the keyword in a shared URL', () => {
    renderTools('?q=tool%20number%203');
    expect(screen.getByLabelText('Filter tools by title')).toHaveValue('tool number 3');
    expect(toolTitles()).toEqual(['#3 Tool number 3']);
    // Only the theme with a tool left shows, and no links to the others.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Companies and earnings',
    ]);
    expect(screen.queryByRole('navigation', { name: 'Themes' })).not.toBeInTheDocument();
  });

  it('groups the tools by theme, in numeric order in each, with a link to each theme', () => {
    renderTools();
    const macro = screen.getByRole('region', { name: 'Macro and rates' });
    expect(
      within(macro)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['#1 Tool number 1', '#6 Tool number 6', '#11 Tool number 11']);
    const themes = within(screen.getByRole('navigation', { name: 'Themes' })).getAllByRole('link');
    expect(themes.map((a) => a.getAttribute('href'))).toEqual([
      '#theme-macro',
      '#theme-seasonality',
      '#theme-companies',
      '#theme-markets',
      '#theme-portfolio',
    ]);
    expect(themes[0]).toHaveTextContent('Macro and rates 3');
    expect(macro.closest('section')).toHaveAttribute('id', 'theme-macro');
    // The free tools say so on their card.
    expect(within(screen.getByRole('region', { name: 'Macro and rates' })).getAllByText('Free')).toHaveLength(
      1,
    );
  });
});

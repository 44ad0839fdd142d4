import { licenseFacts } from '../license-terms';
import { fillHtml, fillText, type SiteFacts } from '../placeholders';

const facts: SiteFacts = {
  supportEmail: 'help@example.com',
  toolCount: 45,
  freeToolCount: 3,
  ...licenseFacts({ licensePriceUsd: 15, machineLimit: null }),
};

describe('placeholders', () => {
  it('fills counts and the support email into plain text', () => {
    expect(fillText('All {{toolCount}} tools; #1 to #{{ freeToolCount }} are free.', facts)).toBe(
      'All 45 tools; #1 to #3 are free.',
    );
  });

  it('fills rendered Markdown, link targets included', () => {
    // What gatsby-transformer-remark makes of [{{supportEmail}}](mailto:{{supportEmail}}).
    const html = '<p>Write to <a href="mailto:%7B%7BsupportEmail%7D%7D">{{supportEmail}}</a>.</p>';
    expect(fillHtml(html, facts)).toBe(
      '<p>Write to <a href="mailto:help@example.com">help@example.com</a>.</p>',
    );
  });

  it('escapes values that are not plain text', () => {
    expect(fillHtml('{{supportEmail}}', { ...facts, supportEmail: 'a&b@example.com' })).toBe(
      'a&amp;b@example.com',
    );
  });

  it('refuses a placeholder it does not know, so a typo fails the build instead of showing', () => {
    expect(() => fillText('{{toolcount}} tools', facts)).toThrow('Unknown placeholder {{toolcount}}');
    expect(() => fillHtml('href="%7B%7Bemail%7D%7D"', facts)).toThrow('Unknown placeholder {{email}}');
  });
});

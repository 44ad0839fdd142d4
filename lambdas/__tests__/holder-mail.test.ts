import { assignedMail, endingMail, releasedMail } from '../lib/holder-mail';

// The mails to a person given a license, as that person reads them.

const site = { siteUrl: 'https://stockbench.app', supportEmail: 'support@stockbench.app' };

describe('the assignment mail', () => {
  const renewing = assignedMail(
    {
      to: 'ann+team@example.com',
      buyerEmail: 'boss@example.com',
      key: 'AAAAA-BBBBB',
      expirationDate: 'NONE',
    },
    site,
  );

  it('gives the key, who pays, and a sign-up link with the address filled in', () => {
    expect(renewing.to).toBe('ann+team@example.com');
    expect(renewing.text).toContain('Your license key: AAAAA-BBBBB');
    expect(renewing.text).toContain('renews every month while boss@example.com pays for it');
    expect(renewing.text).toContain('https://stockbench.app/sign-up?email=ann%2Bteam%40example.com');
    expect(renewing.text).toContain('https://stockbench.app/sign-in');
    expect(renewing.html).toContain('href="https://stockbench.app/sign-up?email=ann%2Bteam%40example.com"');
    expect(renewing.text).toContain('support@stockbench.app');
  });

  it('states the end date of a license that already ends', () => {
    const ending = assignedMail(
      {
        to: 'a@example.com',
        buyerEmail: 'b@example.com',
        key: 'K',
        expirationDate: '2026-12-05T10:00:00.000Z',
      },
      site,
    );
    expect(ending.text).toContain('It ends on December 5, 2026.');
  });

  it('escapes what it places in HTML', () => {
    const odd = assignedMail(
      { to: 'a@example.com', buyerEmail: '"<b>x</b>"@example.com', key: 'K', expirationDate: 'NONE' },
      site,
    );
    expect(odd.html).not.toContain('<b>x</b>');
    expect(odd.html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });
});

it('tells a former holder the key no longer works for them', () => {
  const mail = releasedMail({ to: 'a@example.com', buyerEmail: 'b@example.com', key: 'AAAAA' }, site);
  expect(mail.subject).toBe('Your Stockbench license was taken back');
  expect(mail.text).toContain('b@example.com took back the Stockbench license AAAAA');
  expect(mail.text).toContain('https://stockbench.app/pricing');
});

describe('the end mail', () => {
  const now = Date.parse('2026-11-23T00:00:00Z');

  it('says "will end" with the date while the license still works', () => {
    const mail = endingMail(
      { to: 'a@example.com', buyerEmail: 'b@example.com', key: 'K', endsAt: '2026-12-01T00:00:00.000Z' },
      site,
      now,
    );
    expect(mail.subject).toBe('Your Stockbench license will end');
    expect(mail.text).toContain('ends on December 1, 2026');
  });

  it('says "ended" once the date has passed, also when the payer is unknown', () => {
    const mail = endingMail(
      { to: 'a@example.com', buyerEmail: undefined, key: 'K', endsAt: '2026-11-20T00:00:00.000Z' },
      site,
      now,
    );
    expect(mail.subject).toBe('Your Stockbench license ended');
    expect(mail.text).toContain(
      'ended on November 20, 2026: the account paying for it no longer pays for it.',
    );
  });
});

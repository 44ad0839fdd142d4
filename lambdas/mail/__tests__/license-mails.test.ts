import { renderMail } from '../render';
import { emailChanged } from '../templates/email-changed';
import { licenseAssigned } from '../templates/license-assigned';
import { licenseEnding } from '../templates/license-ending';
import { licenseTakenBack } from '../templates/license-taken-back';

// The mails to a person given a license, and to the old address of a changed account, as their
// readers see them: both parts say the same things.

const site = { siteUrl: 'https://stockbench.app', supportEmail: 'support@stockbench.app' };

describe('the assignment mail', () => {
  const renewing = () =>
    renderMail(
      licenseAssigned,
      {
        to: 'ann+team@example.com',
        buyerEmail: 'boss@example.com',
        key: 'AAAAA-BBBBB',
        expirationDate: 'NONE',
      },
      site,
    );

  it('gives the key, who pays, and a sign-up link with the address filled in', () => {
    const mail = renewing();
    expect(mail.subject).toBe('A Stockbench license for you');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('AAAAA-BBBBB');
      expect(part).toContain('renews every month while boss@example.com pays for it');
      expect(part).toContain('support@stockbench.app');
    }
    expect(mail.text).toContain('Your license key: AAAAA-BBBBB');
    expect(mail.text).toContain('https://stockbench.app/sign-up?email=ann%2Bteam%40example.com');
    expect(mail.text).toContain('https://stockbench.app/sign-in');
    expect(mail.html).toContain('href="https://stockbench.app/sign-up?email=ann%2Bteam%40example.com"');
  });

  it('states the end date of a license that already ends', () => {
    const mail = renderMail(
      licenseAssigned,
      {
        to: 'a@example.com',
        buyerEmail: 'b@example.com',
        key: 'K',
        expirationDate: '2026-12-05T10:00:00.000Z',
      },
      site,
    );
    expect(mail.text).toContain('It ends on December 5, 2026.');
  });

  it('escapes what it places in HTML', () => {
    const mail = renderMail(
      licenseAssigned,
      { to: 'a@example.com', buyerEmail: '"<b>x</b>"@example.com', key: 'K', expirationDate: 'NONE' },
      site,
    );
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(mail.text).toContain('"<b>x</b>"@example.com gave you a Stockbench license');
  });
});

it('tells a former holder the key no longer works for them', () => {
  const mail = renderMail(licenseTakenBack, { buyerEmail: 'b@example.com', key: 'AAAAA' }, site);
  expect(mail.subject).toBe('Your Stockbench license was taken back');
  expect(mail.text).toContain('b@example.com took back the Stockbench license AAAAA');
  expect(mail.text).toContain('https://stockbench.app/pricing');
});

describe('the end mail', () => {
  it('says "will end" with the date while the license still works', () => {
    const mail = renderMail(
      licenseEnding,
      { buyerEmail: 'b@example.com', key: 'K', endsAt: '2026-12-01T00:00:00.000Z', ended: false },
      site,
    );
    expect(mail.subject).toBe('Your Stockbench license will end');
    expect(mail.text).toContain('ends on December 1, 2026');
  });

  it('says "ended" once the date has passed, also when the payer is unknown', () => {
    const mail = renderMail(
      licenseEnding,
      { buyerEmail: undefined, key: 'K', endsAt: '2026-11-20T00:00:00.000Z', ended: true },
      site,
    );
    expect(mail.subject).toBe('Your Stockbench license ended');
    expect(mail.text).toContain(
      'ended on November 20, 2026: the account paying for it no longer pays for it.',
    );
  });
});

it('gives the old address of a changed account the link that restores it', () => {
  const mail = renderMail(emailChanged, { newEmail: 'new@example.com', code: 'a b/c' }, site);
  expect(mail.text).toContain('changed to new@example.com');
  expect(mail.text).toContain('https://stockbench.app/auth?mode=recoverEmail&oobCode=a%20b%2Fc');
  expect(mail.html).toContain('href="https://stockbench.app/auth?mode=recoverEmail&amp;oobCode=a%20b%2Fc"');
  // What restoring does to two-factor sign-in, as lib/recovery-two-factor.ts does it.
  expect(mail.text.replace(/\s+/g, ' ')).toContain(
    'Two-factor sign-in stays as it was before the change; an authenticator app set up after the change is removed.',
  );
});

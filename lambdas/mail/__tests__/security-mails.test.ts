import { renderMail } from '../render';
import { accountDeleted } from '../templates/account-deleted';
import { passkeyAdded } from '../templates/passkey-added';
import { passkeyRemoved } from '../templates/passkey-removed';
import { passwordChanged } from '../templates/password-changed';
import { passwordReset } from '../templates/password-reset';
import { twoFactorChanged } from '../templates/two-factor-changed';
import { twoFactorOff } from '../templates/two-factor-off';
import { twoFactorOn } from '../templates/two-factor-on';

// The mails about a change to the account's security, as their readers see them: when it happened
// (to the minute, in UTC), and in both parts the link that ends every session, for an owner who did
// not make the change.

const site = { siteUrl: 'https://stockbench.app', supportEmail: 'support@stockbench.app' };
const data = {
  at: '2026-11-25T21:07:30.000Z',
  endSessionsLink: 'https://stockbench.app/auth?mode=endSessions&oobCode=abc123',
};

describe('the security mails', () => {
  it.each([
    ['two-factor on', twoFactorOn, 'Two-factor sign-in was turned on'],
    ['authenticator replaced', twoFactorChanged, 'A new authenticator app was set up'],
    ['two-factor off', twoFactorOff, 'Two-factor sign-in was turned off'],
    ['passkey added', passkeyAdded, 'A passkey was added to your Stockbench account on'],
    ['passkey removed', passkeyRemoved, 'A passkey was removed from your Stockbench account on'],
    ['password changed', passwordChanged, 'The password of your Stockbench account was changed'],
    ['password reset', passwordReset, 'The password of your Stockbench account was reset'],
  ] as const)('%s: says when, and links to ending every session in both parts', (_name, template, says) => {
    const mail = renderMail(template, data, site);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(says);
      expect(part).toContain('November 25, 2026, 21:07 UTC');
      expect(part).toContain('support@stockbench.app');
    }
    expect(mail.text).toContain(data.endSessionsLink);
    expect(mail.html).toContain(`href="${data.endSessionsLink.replace('&', '&amp;')}"`);
  });

  it('a collapsed mail says it follows earlier changes and tells the state now; others do not', () => {
    const collapsed = renderMail(twoFactorOff, { ...data, collapsed: true }, site);
    for (const part of [collapsed.text, collapsed.html]) {
      expect(part).toContain('changed again after our last email about it');
      expect(part).toContain('This email tells how it is set now.');
    }
    expect(renderMail(twoFactorOff, data, site).text).not.toContain('changed again');
  });

  it('a passkey mail says how to shut out a passkey that is not the owner’s; collapsed, it says passkeys', () => {
    const added = renderMail(passkeyAdded, data, site);
    expect(added.subject).toBe('A passkey was added to your Stockbench account');
    for (const part of [added.text, added.html]) {
      expect(part).toContain('It signs in to your account without your password.');
      expect(part).toContain('If you did not do this');
      expect(part).toContain('remove under Passkeys on your profile every passkey you do not recognise');
      expect(part).not.toContain('again after our last email');
    }
    const collapsed = renderMail(passkeyRemoved, { ...data, collapsed: true }, site);
    for (const part of [collapsed.text, collapsed.html]) {
      expect(part).toContain('Passkeys were added or removed again after our last email about them');
      expect(part).not.toContain('Two-factor sign-in was changed again');
    }
  });

  it('account deleted: says when, and whom to write to', () => {
    const mail = renderMail(
      accountDeleted,
      { at: data.at, via: 'site', subscriptionCanceled: false, licensesEnded: 0, licensesGivenEnded: 0 },
      site,
    );
    expect(mail.subject).toBe('Your Stockbench account was deleted');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('deleted on November 25, 2026, 21:07 UTC from the Profile page.');
      expect(part).toContain('It had no subscription in force, so nothing more will be charged.');
      expect(part).not.toContain('licenses stopped working');
      expect(part).toContain('support@stockbench.app');
    }
  });

  it('account deleted: says what the deletion ended, as it happened', () => {
    const mail = renderMail(
      accountDeleted,
      { at: data.at, via: 'cognito', subscriptionCanceled: true, licensesEnded: 3, licensesGivenEnded: 2 },
      site,
    );
    expect(mail.text).toContain('straight to our sign-in service rather than from the Profile page');
    expect(mail.text).toContain(
      'Its subscription was cancelled at once: it will not renew and you will not be charged again.',
    );
    expect(mail.text).toContain(
      'Its 3 licenses stopped working, including the 2 licenses you had given to other people; we told each of them.',
    );
    expect(mail.text).not.toContain('subscription ended');
  });
});

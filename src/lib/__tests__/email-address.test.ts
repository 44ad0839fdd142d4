import { emailAddressProblem, mailboxKey, normalizeEmail } from '../email-address';

describe('emailAddressProblem', () => {
  it('takes plain ASCII addresses', () => {
    for (const address of ['kate@corp.com', 'Kate.O+news@Corp-Mail.co.uk', '  bob_1@x.io  ']) {
      expect(emailAddressProblem(address)).toBeUndefined();
    }
  });

  it.each([
    ['the Kelvin sign', '\u212Aate@corp.com', '“\u212A” (U+212A), which only looks like “K”'],
    ['a fullwidth letter', 'k\uFF41te@corp.com', '“\uFF41” (U+FF41), which only looks like “a”'],
    ['a fullwidth at sign', 'kate\uFF20corp.com', '(U+FF20), which only looks like “@”'],
    ['a Cyrillic a', 'k\u0430te@corp.com', '“\u0430” (U+0430), which only looks like “a”'],
    ['a Cyrillic o in the domain', 'kate@c\u043Erp.com', '(U+043E), which only looks like “o”'],
    ['a Greek omicron', 'kate@c\u03BFrp.com', '(U+03BF), which only looks like “o”'],
    ['a dotless i', 'b\u0131ll@corp.com', '(U+0131), which only looks like “i”'],
  ])('refuses %s, naming it and what it imitates', (_what, address, part) => {
    expect(emailAddressProblem(address)).toContain(part);
  });

  it('refuses other characters outside ASCII with a plain message', () => {
    expect(emailAddressProblem('jos\u00E9@corp.com')).toBe(
      'The email address contains “\u00E9” (U+00E9). Use an address with plain letters a–z, digits and . _ + - only.',
    );
    expect(emailAddressProblem('kate\u200B@corp.com')).toContain('(U+200B)');
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases ASCII letters', () => {
    expect(normalizeEmail('  Kate.O@Corp.COM ')).toBe('kate.o@corp.com');
  });

  it('never folds a look-alike into the letter it imitates', () => {
    // String.prototype.toLowerCase() would give "kate@corp.com".
    expect('\u212Aate@corp.com'.toLowerCase()).toBe('kate@corp.com');
    expect(normalizeEmail('\u212Aate@corp.com')).not.toBe('kate@corp.com');
  });
});

describe('mailboxKey', () => {
  it('is one key for every +tag and every capitalization of an address', () => {
    const keys = ['victim@corp.com', 'Victim+0@corp.com', 'victim+7@CORP.com', ' VICTIM+a+b@corp.com '].map(
      mailboxKey,
    );
    expect(new Set(keys)).toEqual(new Set(['victim@corp.com']));
  });

  it('drops the dots of a Gmail address, and googlemail.com is gmail.com', () => {
    expect(mailboxKey('V.i.c.tim+x@Gmail.com')).toBe('victim@gmail.com');
    expect(mailboxKey('vic.tim@googlemail.com')).toBe('victim@gmail.com');
  });

  it('keeps the dots of other domains, and tells different mailboxes apart', () => {
    expect(mailboxKey('vic.tim@corp.com')).toBe('vic.tim@corp.com');
    expect(mailboxKey('victim@corp.com')).not.toBe(mailboxKey('victim2@corp.com'));
    expect(mailboxKey('victim@corp.com')).not.toBe(mailboxKey('victim@corp.co'));
  });

  it('keeps a local part that is nothing but a tag', () => {
    expect(mailboxKey('+news@corp.com')).toBe('+news@corp.com');
  });
});

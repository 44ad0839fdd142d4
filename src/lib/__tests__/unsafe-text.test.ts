import { escapeForTerminal, forDisplay, unsafeCharacter } from '../unsafe-text';

describe('unsafeCharacter', () => {
  it.each([
    ['ESC', 'a\u001b[2Kb', 'U+001B'],
    ['CR', 'a\rb', 'U+000D'],
    ['LF', 'a\nb', 'U+000A'],
    ['a C1 control', 'a\u009bb', 'U+009B'],
    ['a right-to-left override', 'a\u202Eb', 'U+202E'],
    ['a first-strong isolate', 'a\u2068b', 'U+2068'],
    ['an Arabic letter mark', 'a\u061Cb', 'U+061C'],
    ['a paragraph separator', 'a\u2029b', 'U+2029'],
  ])('names %s', (_what, text, name) => {
    expect(unsafeCharacter(text)).toBe(name);
  });

  it('lets a multi-line field hold LF, never CR', () => {
    expect(unsafeCharacter('line one\nline two', { multiline: true })).toBeUndefined();
    expect(unsafeCharacter('line one\r\nline two', { multiline: true })).toBe('U+000D');
  });

  it('takes emoji joined by ZWJ and right-to-left scripts', () => {
    expect(unsafeCharacter('Ada’s 👩‍💻 MacBook · مكتب · שלום')).toBeUndefined();
  });
});

describe('escapeForTerminal', () => {
  it('writes each unsafe character as its \\u escape, so the line holds no control byte', () => {
    const forged = 'PC\u001b[2K\r\u001b]8;;https://evil.example/\u0007OK\u202E\u009b';
    const escaped = escapeForTerminal(forged);
    expect(escaped).toBe('PC\\u001b[2K\\u000d\\u001b]8;;https://evil.example/\\u0007OK\\u202e\\u009b');
    expect(escaped).not.toMatch(/[\p{Cc}\p{Bidi_Control}]/u);
  });

  it('keeps JSON text JSON: it parses to what was stored', () => {
    const value = { name: 'a\u202Eb\u0085c\u2028' };
    expect(JSON.parse(escapeForTerminal(JSON.stringify(value)))).toEqual(value);
  });
});

describe('forDisplay', () => {
  it('shows each unsafe character as U+FFFD and leaves the rest', () => {
    expect(forDisplay('invoice\u202Etxt.exe')).toBe('invoice\uFFFDtxt.exe');
    expect(forDisplay('Zoë’s Büro')).toBe('Zoë’s Büro');
  });
});

import { safeNext } from '../safe-next';

const origin = 'https://stockbench.example';

describe('safeNext', () => {
  it.each([
    ['/licenses', '/licenses'],
    ['/checkout?sec=pi_1_secret_2&count=2', '/checkout?sec=pi_1_secret_2&count=2'],
    ['/profile#email', '/profile#email'],
    ['licenses', '/licenses'],
    [`${origin}/licenses`, '/licenses'],
    ['/a/../licenses', '/licenses'],
    // Same origin, read as paths (no host in them):
    ['https:evil.example', '/evil.example'],
    ['/%2F/evil.example', '/%2F/evil.example'],
    ['%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('keeps the same-origin path %j', (next, expected) => {
    expect(safeNext(next, origin)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    '//evil.example',
    '///evil.example',
    'https://evil.example',
    'http://stockbench.example/licenses',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '\t//evil.example',
    '/\r\n/evil.example',
    'https://stockbench.example@evil.example/',
    '/a/..//evil.example',
    '//stockbench.example.evil.example',
  ])('sends %j home', (next) => {
    expect(safeNext(next, origin)).toBe('/');
  });

  it('reads the current origin by default', () => {
    expect(safeNext('/licenses')).toBe('/licenses');
    expect(safeNext(`${window.location.origin}/profile`)).toBe('/profile');
    expect(safeNext('/\\evil.example')).toBe('/');
  });
});

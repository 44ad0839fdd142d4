import { isChunkLoadError, page, reloadOnUnhandledChunkError } from '../chunk-reload';

// Chunk failures outside rendering (an import() in a click handler) reach no error boundary: the page
// reloads once for them too, and other rejections are left alone.

const rejection = (reason: unknown) =>
  Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason });

let reload: jest.SpyInstance;
beforeAll(() => reloadOnUnhandledChunkError());
beforeEach(() => {
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/profile');
  reload = jest.spyOn(page, 'reload').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it('reloads once for an unhandled chunk failure', () => {
  const event = rejection(Object.assign(new Error('Loading chunk 77 failed.'), { name: 'ChunkLoadError' }));
  window.dispatchEvent(event);
  expect(reload).toHaveBeenCalledTimes(1);
  expect(event.defaultPrevented).toBe(true);
  window.dispatchEvent(rejection(new Error('Loading CSS chunk 78 failed.')));
  expect(reload).toHaveBeenCalledTimes(1);
});

it('leaves other rejections alone', () => {
  const event = rejection(new TypeError('Failed to fetch'));
  window.dispatchEvent(event);
  expect(reload).not.toHaveBeenCalled();
  expect(event.defaultPrevented).toBe(false);
});

it.each([
  [{ name: 'ChunkLoadError', message: 'x' }, true],
  [new Error('Loading chunk component---src-pages-licenses-tsx failed.'), true],
  [new TypeError('Failed to fetch dynamically imported module: https://x/y.js'), true],
  [new TypeError('Importing a module script failed.'), true],
  [new Error('The result of this StaticQuery could not be fetched.'), true],
  [new Error('Failed to fetch'), false],
  ['Loading chunk 1 failed', false],
  [null, false],
])('isChunkLoadError(%p) is %p', (error, expected) => {
  expect(isChunkLoadError(error)).toBe(expected);
});

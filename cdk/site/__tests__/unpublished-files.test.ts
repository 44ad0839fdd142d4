import { isUnpublished } from '../unpublished-files';

// The local site server answers 404 for what the upload leaves out, by the file a path would open.

it.each(['/app-1a2b.js.map', '/app-1a2b.js.ma%70', '/app-1a2b.js%2Emap', '/app-1a2b.js%2emap', '/x.MAP?v=1'])(
  'treats %s as a source map',
  (urlPath) => expect(isUnpublished(urlPath)).toBe(true),
);

it.each(['/app-1a2b.js', '/maps/', '/map', '/x.js.ma%', '/x.js%2Emap.txt'])('serves %s', (urlPath) =>
  expect(isUnpublished(urlPath)).toBe(false),
);

/**
 * @jest-environment jsdom
 */
import path from 'node:path';
import { readFeed, readPublic, type ToolFeedEntry } from './site';

// The pictures as the server sends them, before any script runs: the largest paint of the home page
// and of a tool page is a real <img> with its file, fetched first and at once, in a size a phone can
// use; pictures below it wait until they are scrolled near (the browser's own lazy loading).

const tools = readFeed<ToolFeedEntry[]>('tools/tools.json');

function htmlFor(route: string): Document {
  const file = route === '/' ? 'index.html' : path.join(route.slice(1), 'index.html');
  return new DOMParser().parseFromString(readPublic(file), 'text/html');
}

/** The widths a srcset offers, e.g. [360, 720, 1200]. */
const widths = (srcset: string | null): number[] =>
  (srcset ?? '').split(',').map((candidate) => Number(/\s(\d+)w\s*$/.exec(candidate)?.[1] ?? NaN));

// Lighthouse's phone is 412 px wide at 1.75 device pixels, a common one 390 px at 2. The picture spans
// the page less its margins, so such a phone needs about 660 to 720 px: a file from 650 to 800 px, not
// the desk's 1,200 at twice the bytes (nor 600, which the phone would stretch).
const PHONE = { min: 650, max: 800 };

/** What makes a picture paint from the HTML: its file, eager, first in line, drawn with its frame. */
function paintFacts(img: HTMLImageElement | null) {
  const sources = Array.from(img?.closest('picture')?.querySelectorAll('source') ?? []);
  return {
    src: Boolean(img?.getAttribute('src')),
    loading: img?.getAttribute('loading'),
    fetchpriority: img?.getAttribute('fetchpriority'),
    // decoding="async" lets the browser show the page's first frame without it.
    decoding: img?.getAttribute('decoding') ?? 'auto',
    // A placeholder swap (GatsbyImage's) hides the image until a script or its load event shows it.
    hidden: Boolean(img?.closest('[data-gatsby-image-wrapper]')) || img?.style.opacity === '0',
    phoneSized: [img?.getAttribute('srcset') ?? null, ...sources.map((s) => s.getAttribute('srcset'))].every(
      (srcset) => widths(srcset).some((w) => w >= PHONE.min && w <= PHONE.max),
    ),
  };
}

const PAINTS_FROM_HTML = {
  src: true,
  loading: 'eager',
  fetchpriority: 'high',
  decoding: 'auto',
  hidden: false,
  phoneSized: true,
};

describe('the largest picture of a page is in its HTML, ready to paint', () => {
  it('the home page: the hero picture', () => {
    const doc = htmlFor('/');
    const hero = doc.querySelector<HTMLImageElement>('.hero img');
    expect(paintFacts(hero)).toEqual(PAINTS_FROM_HTML);
    // The only picture fetched first.
    expect(doc.querySelectorAll('img[fetchpriority="high"]')).toHaveLength(1);
  });

  it('a tool page: its first screenshot', () => {
    const tool = tools[0];
    if (!tool) throw new Error('the tools feed is empty');
    const doc = htmlFor(`/tool/${tool.path}`);
    const imgs = Array.from(doc.querySelectorAll<HTMLImageElement>('main img'));
    expect(paintFacts(imgs[0] ?? null)).toEqual(PAINTS_FROM_HTML);
    expect(imgs.slice(1).map((img) => img.getAttribute('loading'))).toEqual(imgs.slice(1).map(() => 'lazy'));
  });
});

describe('the pictures below the first screen of the home page', () => {
  it('load lazily, in a size a phone can use', () => {
    const pictures = Array.from(htmlFor('/').querySelectorAll<HTMLImageElement>('.feature img'));
    expect(pictures.length).toBeGreaterThanOrEqual(3);
    for (const img of pictures) {
      // The alt names the picture that fails.
      expect({ alt: img.alt, ...paintFacts(img) }).toMatchObject({
        alt: img.alt,
        loading: 'lazy',
        src: true,
        fetchpriority: null,
        hidden: false,
        phoneSized: true,
      });
    }
  });
});

describe('the pictures of /tools', () => {
  it('are fetched with the HTML in the first screen (two rows of cards on a desk) and lazily below it', () => {
    const loading = Array.from(htmlFor('/tools').querySelectorAll('.tool-entry img')).map((img) => [
      img.getAttribute('loading'),
      img.getAttribute('fetchpriority'),
    ]);
    expect(loading).toHaveLength(tools.length);
    expect(loading.slice(0, 6)).toEqual(loading.slice(0, 6).map(() => ['eager', null]));
    expect(loading.slice(6)).toEqual(loading.slice(6).map(() => ['lazy', null]));
  });
});

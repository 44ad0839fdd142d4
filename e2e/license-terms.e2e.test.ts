/**
 * @jest-environment node
 */
import { JSDOM } from 'jsdom';
import { siteConfig } from '../src/config';
import { formatUsd } from '../src/lib/license-terms';
import { stackInfo } from './account-helpers';
import { builtPages } from './built-pages';
import { readPublic } from './site';

// The price and the machine rule on every page of the build agree with the settings they come from:
// the price with licensePriceUsd (src/config.ts) and with the Stripe price the stack charges, the
// number of computers with the stack's machine limit (e2e/run.ts builds the site with it; by default
// there is none, and then no page may name a number of computers).

const pages = builtPages().map((page) => ({ page, html: readPublic(page) }));

/** What a visitor or a search engine reads: the title, the meta descriptions and the body text. */
function readableText(html: string): string {
  const doc = new JSDOM(html).window.document;
  const metas = Array.from(doc.querySelectorAll('meta[name="description"], meta[property="og:description"]'));
  return [doc.title, ...metas.map((m) => m.getAttribute('content') ?? ''), doc.body.textContent ?? '']
    .join('\n')
    .replace(/\s+/g, ' ');
}

const texts = pages.map(({ page, html }) => ({ page, text: readableText(html) }));
const found = (pattern: RegExp) =>
  texts.flatMap(({ page, text }) => Array.from(text.matchAll(pattern), (m) => `${page}: ${m[0]}`));

const NUMBER = '(\\d+|two|three|four|five|six|seven|eight|nine|ten)';
const COMPUTERS = '(?:computers?|devices?|machines?)';
/** "3 computers", "up to 3 of their own computers", "3 of them at once", "in use on 3 computers". */
const DEVICE_NUMBER = new RegExp(
  `\\b${NUMBER} (?:of (?:your|their|its|them)(?: own)? )?${COMPUTERS}\\b|\\bup to ${NUMBER} (?:of\\b|${COMPUTERS})`,
  'gi',
);
const WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const numberOf = (match: string): number => {
  const word =
    /(\d+|two|three|four|five|six|seven|eight|nine|ten)/i.exec(match.split(': ')[1] ?? '')?.[1] ?? '';
  return /^\d+$/.test(word) ? Number(word) : WORDS.indexOf(word.toLowerCase());
};
/** What promises every computer of the user (the default). */
const NO_LIMIT =
  /as many of their own computers as they like|no limit on how many|unlimited (?:devices|computers)/gi;

describe('the license price on the built pages', () => {
  it('is the setting wherever a page states a price (the free version aside)', () => {
    const price = formatUsd(siteConfig.licensePriceUsd);
    const amounts = found(/\$\s?\d+(?:,\d{3})*(?:\.\d\d)?/g);
    // The pricing page, the FAQ, the terms and the quickstart state it.
    expect(amounts.filter((a) => a.endsWith(price)).length).toBeGreaterThanOrEqual(4);
    expect(amounts.filter((a) => !a.endsWith(price) && !a.endsWith('$0'))).toEqual([]);
    const pricing = new JSDOM(readPublic('pricing/index.html')).window.document;
    const offers = Array.from(pricing.querySelectorAll('script[type="application/ld+json"]')).map((s) =>
      String(s.textContent),
    );
    expect(offers.join('\n')).toContain(`"price":"${siteConfig.licensePriceUsd}"`);
  });

  it('is the price the Stripe price charges', async () => {
    const info = await stackInfo();
    const res = await fetch(`${info.stripeApi}/v1/prices/${info.stripePriceId}`, {
      headers: { authorization: 'Bearer sk_test_local' },
    });
    const price = (await res.json()) as {
      unit_amount: number;
      currency: string;
      recurring: { interval: string };
    };
    expect(price).toMatchObject({
      unit_amount: Math.round(siteConfig.licensePriceUsd * 100),
      currency: 'usd',
      recurring: expect.objectContaining({ interval: 'month' }),
    });
  });
});

describe('the computers a license may be used on, on the built pages', () => {
  it('agree with the machine limit the stack applies', async () => {
    const { machineLimit } = await stackInfo();
    const numbers = found(DEVICE_NUMBER);
    const unlimited = found(NO_LIMIT);
    if (machineLimit === null) {
      // The specification's promise: every computer of the user, and no number anywhere.
      expect(numbers).toEqual([]);
      expect(new Set(unlimited.map((u) => u.split(':')[0]))).toEqual(
        new Set(['faq/index.html', 'pricing/index.html', 'terms/index.html', 'quickstart/index.html']),
      );
    } else {
      expect(numbers.filter((n) => numberOf(n) !== machineLimit)).toEqual([]);
      expect(numbers.length).toBeGreaterThanOrEqual(4);
      expect(unlimited).toEqual([]);
    }
  });
});

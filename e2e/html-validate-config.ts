import type { ConfigData } from 'html-validate';

// What the built pages are held to: the HTML standard where browsers act on it (content models such as
// no <div> in a <button>, required attributes such as an <img> src, unique ids, valid ARIA), what
// assistive technology needs (names for images, buttons and links, heading order, labelled inputs,
// references that resolve) and titles short enough to show whole in search results.
export const htmlValidateConfig: ConfigData = {
  extends: ['html-validate:standard', 'html-validate:a11y', 'html-validate:document'],
  rules: {
    // Under 70 characters: search engines cut longer titles.
    'long-title': ['error', { maxlength: 69 }],
    // Every script and stylesheet in the pages is this site's own, from its own origin; integrity
    // hashes protect third-party copies, which there are none of.
    'require-sri': 'off',
    // The HTML standard allows a bare ">" in text; Markdown leaves it so in code samples, and browsers
    // and screen readers read it as the character.
    'no-raw-characters': 'off',
  },
};

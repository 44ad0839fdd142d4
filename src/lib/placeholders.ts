// Content (Markdown, YAML) writes {{supportEmail}}, {{toolCount}}, {{freeToolCount}}, {{licensePrice}},
// {{licenseComputers}} and {{machineLimitNote}} instead of the values, so the site config, the deployment's
// settings and the tool data stay the one place they come from (license-terms.ts). The values are filled
// in when a page renders, not when Markdown is converted: Gatsby caches converted Markdown across builds,
// and a cached count would survive hiding a tool.

export interface SiteFacts {
  supportEmail: string;
  /** Tools a visitor can see (hidden ones left out). */
  toolCount: number;
  /** The free version is tools #1 to #freeToolCount. */
  freeToolCount: number;
  /** A license's monthly price, as formatUsd writes it. */
  licensePrice: string;
  /** The computers a license's user may use it on (no limit by default). */
  licenseComputers: string;
  /** A sentence on the machine limit where there is one; empty without. */
  machineLimitNote: string;
}

type FactName = keyof SiteFacts;

const factNames: readonly FactName[] = [
  'supportEmail',
  'toolCount',
  'freeToolCount',
  'licensePrice',
  'licenseComputers',
  'machineLimitNote',
];

const isFactName = (name: string): name is FactName => (factNames as readonly string[]).includes(name);

// Markdown link targets reach the HTML percent-encoded: [x](mailto:{{supportEmail}}) becomes
// href="mailto:%7B%7BsupportEmail%7D%7D".
const PLAIN = /\{\{\s*(\w+)\s*\}\}/g;
const ENCODED = /%7B%7B(\w+)%7D%7D/gi;

const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function valueOf(name: string, facts: SiteFacts): string {
  if (!isFactName(name)) {
    throw new Error(`Unknown placeholder {{${name}}}: use one of ${factNames.join(', ')}.`);
  }
  return String(facts[name]);
}

/** Text that React will escape: announcement messages, changelog lines. */
export function fillText(text: string, facts: SiteFacts): string {
  return text.replace(PLAIN, (_, name: string) => valueOf(name, facts));
}

/** HTML that gatsby-transformer-remark rendered: values are escaped, encoded link targets included. */
export function fillHtml(html: string, facts: SiteFacts): string {
  return html
    .replace(PLAIN, (_, name: string) => escapeHtml(valueOf(name, facts)))
    .replace(ENCODED, (_, name: string) => escapeHtml(encodeURI(valueOf(name, facts))));
}

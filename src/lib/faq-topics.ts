// The FAQ's topics, in the order /faq shows them: an entry's `topic` in content/faq.yaml names one of
// these ids. /pricing shows the entries of the topic `pricing`, the questions asked before buying.
export const FAQ_TOPICS = [
  { id: 'pricing', label: 'Pricing and buying' },
  { id: 'licenses', label: 'Licenses, devices and teams' },
  { id: 'account', label: 'Your account and card' },
  { id: 'app', label: 'Using Stockbench' },
] as const;

type FaqTopicId = (typeof FAQ_TOPICS)[number]['id'];

/** The anchor of an entry: its question in lower case, words joined by hyphens. */
export const questionAnchor = (question: string): string =>
  question
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export interface FaqEntry {
  question: string;
  topic: FaqTopicId;
  html: string;
  anchor: string;
}

/** The entries as the query returns them, checked: a known topic and a unique anchor, or the build fails. */
export function faqEntries(
  nodes: readonly { question: string | null; topic: string | null; html: string | null | undefined }[],
): FaqEntry[] {
  const seen = new Set<string>();
  return nodes.map(({ question, topic, html }) => {
    if (!question) throw new Error('An entry of content/faq.yaml has no question');
    const known = FAQ_TOPICS.find((t) => t.id === topic);
    if (!known)
      throw new Error(
        `The FAQ entry "${question}" has the topic "${topic}", which src/lib/faq-topics.ts does not list`,
      );
    const anchor = questionAnchor(question);
    if (seen.has(anchor)) throw new Error(`Two FAQ entries have the anchor "${anchor}"`);
    seen.add(anchor);
    return { question, topic: known.id, html: html ?? '', anchor };
  });
}

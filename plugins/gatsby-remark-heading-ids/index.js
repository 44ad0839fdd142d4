// Gives every Markdown heading an id (GitHub-style slug) so pages can link to a section,
// e.g. /user-imports#eventscsv. No client script: the ids are in the static HTML.
const slugify = (text) =>
  text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

const textOf = (node) =>
  node.type === 'text' || node.type === 'inlineCode'
    ? node.value
    : (node.children || []).map(textOf).join('');

module.exports = ({ markdownAST }) => {
  const seen = new Map();
  const walk = (node) => {
    if (node.type === 'heading') {
      const base = slugify(textOf(node));
      const n = seen.get(base) || 0;
      seen.set(base, n + 1);
      node.data = node.data || {};
      node.data.hProperties = { ...(node.data.hProperties || {}), id: n ? `${base}-${n}` : base };
    }
    (node.children || []).forEach(walk);
  };
  walk(markdownAST);
  return markdownAST;
};
